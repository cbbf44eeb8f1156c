package io.shmemtrace.bin2txt;

/** The report page's style sheet, its table-sorting script (inline: the page fetches nothing), and its escaping. */
final class PageAssets {
    private PageAssets() {}

    /** Text as HTML (and as an attribute's value). */
    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    static final String STYLE = """
            body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}h1{font-size:1.5em}h2{font-size:1.15em;
            margin-top:1.6em;border-bottom:1px solid #ddd}table{border-collapse:collapse}td,th{padding:2px 10px;
            text-align:right}th{background:#f2f2f2}td:first-child,th:first-child{text-align:left}.facts th{text-align:left}
            .sortable th{cursor:pointer}.shmem{fill:#d95f02;color:#d95f02}.compute{fill:#e8e8e8;color:#bbb}
            .bar{fill:#1b9e77}.small-multiples{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0}
            figcaption{font-weight:600}.heatmap{image-rendering:pixelated;border:1px solid #ccc}
            svg text{font-size:11px;fill:#444}.op-put{fill:#1f78b4;color:#1f78b4}.op-get{fill:#33a02c;color:#33a02c}
            .op-atomic{fill:#6a3d9a;color:#6a3d9a}.op-sync{fill:#ff7f00;color:#ff7f00}
            .op-collective{fill:#e31a1c;color:#e31a1c}.op-lock{fill:#b15928;color:#b15928}.op-other{fill:#999;color:#999}
            .region{fill:#f781bf;fill-opacity:.3;color:#f9b3d9}.region-paused{fill:#bbb;fill-opacity:.5;color:#ccc}.mark{stroke:#333;stroke-width:1}
            .legend span{font-size:16px}pre{background:#f7f7f7;padding:8px}
            .banner{background:#fff3cd;border:1px solid #e0b000;padding:6px 12px;margin:1em 0}
            .matrix-grid{display:grid;align-items:center;gap:4px}.axis-y{display:flex;flex-direction:column;
            justify-content:space-between;height:100%;text-align:right;font-size:12px}.axis-x{display:flex;
            justify-content:space-between;font-size:12px}.axis-title{color:#777}.scale{display:flex;flex-direction:column;
            align-items:flex-start;font-size:12px}.scale-bar{width:14px;border:1px solid #ccc}
            #lanes{cursor:crosshair}div.bar{height:10px;background:#d95f02}
            """;

    /** Sorts a table by the column header clicked (by a cell's data-v where it has one: "48.10 ms" > "0.9 s" is wrong). */
    static final String SORT_SCRIPT = """
            document.querySelectorAll('table.sortable th').forEach(function (th, col) {
              th.addEventListener('click', function () {
                var body = th.closest('table').tBodies[0];
                var rows = Array.prototype.slice.call(body.rows);
                var down = th.dataset.down !== 'true';
                th.dataset.down = down;
                rows.sort(function (a, b) {
                  var ca = a.cells[col], cb = b.cells[col];
                  var x = ca.dataset.v || ca.textContent, y = cb.dataset.v || cb.textContent;
                  var nx = parseFloat(x), ny = parseFloat(y);
                  var c = isNaN(nx) || isNaN(ny) ? x.localeCompare(y) : nx - ny;
                  return down ? -c : c;
                });
                rows.forEach(function (r) { body.appendChild(r); });
              });
            });
            """;
}
