package io.shmemtrace.bin2txt;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Locale;

/**
 * A matrix of values 0..1 drawn for the report page: a PNG, one pixel a cell, shown large and crisp, with the
 * row axis on the left, the column axis below and a colour scale beside it (white to the given colour).
 */
final class MatrixImage {
    private MatrixImage() {}

    /**
     * values[row][col] in 0..1 (negative: no data, light grey); rgb: the colour of 1; the axis labels at the ends;
     * scale: what 0 and 1 mean. Returns an HTML figure.
     */
    static String figure(String id, double[][] values, int rgb, int width, int height, String rowTitle, String rowFirst,
                         String rowLast, String colTitle, String colFirst, String colLast, String scaleLow,
                         String scaleHigh) {
        int rows = values.length, cols = rows == 0 ? 0 : values[0].length;
        BufferedImage img = new BufferedImage(Math.max(1, cols), Math.max(1, rows), BufferedImage.TYPE_INT_RGB);
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) img.setRGB(c, r, colour(values[r][c], rgb));
        }
        StringBuilder h = new StringBuilder();
        h.append(String.format(Locale.ROOT, "<figure class=\"matrix\"><div class=\"matrix-grid\" style=\"grid-template-columns:"
                + " 7em %dpx 5em\"><div class=\"axis-y\"><span>%s</span><span class=\"axis-title\">%s</span><span>%s</span>"
                + "</div><img id=\"%s\" class=\"heatmap\" alt=\"%s\" width=\"%d\" height=\"%d\" src=\"data:image/png;base64,%s\">",
                width, PageAssets.esc(rowFirst), PageAssets.esc(rowTitle), PageAssets.esc(rowLast), id, PageAssets.esc(rowTitle + " x " + colTitle), width, height,
                png(img)));
        // the scale: 0 at the bottom, 1 at the top
        h.append(String.format(Locale.ROOT, "<div class=\"scale\"><span>%s</span><div class=\"scale-bar\" style=\"height:"
                + "%dpx;background:linear-gradient(to top,#ffffff,#%06x)\"></div><span>%s</span></div>", PageAssets.esc(scaleHigh),
                Math.max(40, height - 40), rgb, PageAssets.esc(scaleLow)));
        h.append(String.format(Locale.ROOT, "<div></div><div class=\"axis-x\"><span>%s</span><span class=\"axis-title\">%s"
                + "</span><span>%s</span></div></div></figure>%n", PageAssets.esc(colFirst), PageAssets.esc(colTitle), PageAssets.esc(colLast)));
        return h.toString();
    }

    private static int colour(double v, int rgb) {
        if (v < 0) return 0xF4F4F4;
        double t = Math.min(1, v);
        int r = (int) Math.round(255 - t * (255 - (rgb >> 16 & 0xFF)));
        int g = (int) Math.round(255 - t * (255 - (rgb >> 8 & 0xFF)));
        int b = (int) Math.round(255 - t * (255 - (rgb & 0xFF)));
        return r << 16 | g << 8 | b;
    }

    private static String png(BufferedImage img) {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            javax.imageio.ImageIO.write(img, "png", png);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Base64.getEncoder().encodeToString(png.toByteArray());
    }
}
