package org.sonde.report;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** Reads rendered markup back with the JDK's XML parser, and maps chart pixels back to data values. */
final class Probe {
    private Probe() {}

    /** Parses a document or fragment; fails the test (by exception) when it is not well-formed XML. */
    static Document parse(String xml) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setExpandEntityReferences(false);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(null);
            return b.parse(new InputSource(new StringReader(xml)));
        } catch (Exception e) {
            throw new AssertionError("not well-formed: " + e.getMessage(), e);
        }
    }

    static List<Element> elements(Document doc, String tag) {
        NodeList list = doc.getElementsByTagName(tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) out.add((Element) list.item(i));
        return out;
    }

    static List<Element> withClass(Document doc, String tag, String cssClass) {
        return elements(doc, tag).stream()
                .filter(e -> List.of(e.getAttribute("class").split(" ")).contains(cssClass))
                .toList();
    }

    static List<String> texts(List<Element> elements) {
        return elements.stream().map(Element::getTextContent).toList();
    }

    static double num(Element e, String attribute) {
        return Double.parseDouble(e.getAttribute(attribute));
    }

    /** The plot area as {left, top, right, bottom}. */
    static double[] plotArea(Document svg) {
        Element r = withClass(svg, "rect", "plot-area").getFirst();
        double x = num(r, "x"), y = num(r, "y");
        return new double[] {x, y, x + num(r, "width"), y + num(r, "height")};
    }

    private static final Pattern PAIR = Pattern.compile("[ML](-?[0-9.]+) (-?[0-9.]+)");

    /** Vertices of an SVG path made of M and L commands, as {x, y} pairs. */
    static List<double[]> vertices(Element path) {
        List<double[]> out = new ArrayList<>();
        Matcher m = PAIR.matcher(path.getAttribute("d"));
        while (m.find()) out.add(new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))});
        return out;
    }

    /**
     * The linear map from pixels to values along one axis, fitted through its first and last grid
     * lines ({@code axis} is "x" or "y"); for a log axis it maps to log10 of the value.
     */
    static Mapping mapping(Document svg, String axis, boolean log) {
        List<Element> grid = withClass(svg, "line", "grid").stream()
                .filter(e -> e.getAttribute("class").equals("grid " + axis)).toList();
        Element a = grid.getFirst(), b = grid.getLast();
        String coordinate = axis.equals("x") ? "x1" : "y1";
        double p0 = num(a, coordinate), p1 = num(b, coordinate);
        double v0 = num(a, "data-v"), v1 = num(b, "data-v");
        if (log) {
            v0 = Math.log10(v0);
            v1 = Math.log10(v1);
        }
        return new Mapping(p0, p1, v0, v1, log);
    }

    record Mapping(double p0, double p1, double v0, double v1, boolean log) {
        double value(double pixel) {
            double v = v0 + (pixel - p0) * (v1 - v0) / (p1 - p0);
            return log ? Math.pow(10, v) : v;
        }

        /** Data units per pixel (for a linear axis). */
        double unitsPerPixel() {
            return Math.abs((v1 - v0) / (p1 - p0));
        }
    }
}
