"""Self-contained interactive explorer (``graph.html``) for the knowledge graph.

The network is assembled with :class:`pyvis.network.Network` (colour and shape per node
type from ``kg/data/style.json``, positions precomputed here, physics off), but the page
is rendered from kg's own template, ``kg/templates/explorer.html``: pyvis's template
links bootstrap and tom-select from a CDN, and the explorer must load nothing from the
network. vis-network's JS and CSS are read from the installed pyvis package and inlined.

Safety: titles, abstracts, aliases and evidence are untrusted text. All data travels as
one JSON document inside ``<script type="application/json">`` with ``<``, ``>`` and
``&`` escaped (``ensure_ascii`` takes care of U+2028/2029), and the page builds every
piece of DOM from it with ``textContent``/``createElement`` only. A Content-Security-Policy
pins the two inline scripts by hash, so even markup that slipped through could not run
script or fetch anything.

Output is deterministic: nodes and edges are sorted, the layout is seeded, coordinates
are rounded and there are no timestamps, so the same graph gives byte-identical HTML.

>>> import networkx as nx, tempfile, pathlib
>>> g = nx.MultiDiGraph()
>>> g.add_node("concept/ppo", type="Algorithm", label="PPO")
>>> with tempfile.TemporaryDirectory() as d:
...     p = pathlib.Path(d) / "graph.html"
...     write(g, p)
...     html = p.read_text(encoding="utf-8")
>>> '"concept/ppo"' in html and "src=" not in html.split("<body")[0]
True
"""
from __future__ import annotations

import base64
import hashlib
import json
import math
from collections import defaultdict
from functools import lru_cache
from importlib import resources
from pathlib import Path

import networkx as nx

__all__ = ["write", "render", "layout", "load_style", "dumps_for_script"]

VIS_VERSION = "9.1.2"
#: up to this many nodes, ``nx.spring_layout(seed=0)``; above, the hub layout
SPRING_MAX = 500
#: graphs with more nodes than this are drawn as their aggregated view (a 5,000-node
#: page became interactive in 0.9-1.6 s in the headless-browser test)
FULL_MAX = 5000
#: hubs laid out by spring layout in the hub layout
HUBS = 400
#: vis-network shapes that draw without loading anything (no image/icon shapes)
SAFE_SHAPES = frozenset({
    "dot", "diamond", "star", "triangle", "triangleDown", "hexagon", "square",
    "ellipse", "circle", "box", "database", "text",
})
FALLBACK_STYLE = {"color": "#9e9e9e", "shape": "dot"}
#: used for a type missing from (or malformed in) kg/data/style.json; same palette
DEFAULT_STYLE = {
    "Paper": {"color": "#0072B2", "shape": "square"},
    "Method": {"color": "#D55E00", "shape": "diamond"},
    "Algorithm": {"color": "#E69F00", "shape": "dot"},
    "Model": {"color": "#CC79A7", "shape": "triangle"},
    "Benchmark": {"color": "#009E73", "shape": "star"},
    "Field": {"color": "#56B4E9", "shape": "hexagon"},
    "Metric": {"color": "#F0E442", "shape": "triangleDown"},
    "Claim": {"color": "#999999", "shape": "dot"},
}
LABEL_MAX = 32
_HEX = set("0123456789abcdefABCDEF")


# --------------------------------------------------------------------------- style


def load_style() -> dict[str, dict[str, str]]:
    """Node-type palette from ``kg/data/style.json`` (built-in default if absent).

    Colours must be ``#rgb``/``#rrggbb``; shapes must be ones vis draws without fetching
    anything. Anything else falls back to the default for that type.
    """
    try:
        raw = json.loads(resources.files("kg").joinpath("data/style.json").read_text("utf-8"))
    except (FileNotFoundError, OSError, ValueError):
        raw = {}
    style = {}
    for t in sorted(set(DEFAULT_STYLE) | set(raw if isinstance(raw, dict) else {})):
        base = DEFAULT_STYLE.get(t, FALLBACK_STYLE)
        entry = raw.get(t) if isinstance(raw, dict) else None
        entry = entry if isinstance(entry, dict) else {}
        color = entry.get("color")
        shape = entry.get("shape")
        style[t] = {
            "color": color if _is_color(color) else base["color"],
            "shape": shape if shape in SAFE_SHAPES else base["shape"],
        }
    return style


def _is_color(c) -> bool:
    return isinstance(c, str) and len(c) in (4, 7) and c[0] == "#" and set(c[1:]) <= _HEX


def _shade(color: str, factor: float) -> str:
    """``color`` darkened (factor < 1) or lightened towards white (factor > 1)."""
    c = color.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    rgb = [int(c[i:i + 2], 16) for i in (0, 2, 4)]
    if factor <= 1:
        rgb = [round(v * factor) for v in rgb]
    else:
        rgb = [round(v + (255 - v) * (factor - 1)) for v in rgb]
    return "#" + "".join(f"{min(255, max(0, v)):02x}" for v in rgb)


# --------------------------------------------------------------------------- layout


def layout(g: nx.Graph) -> dict[str, tuple[float, float]]:
    """Deterministic pixel positions for every node of ``g``.

    Each connected component is laid out on its own and the components are packed in
    rows, largest first (a force layout of the whole graph would fling small components
    to the rim and crush the big one). A component of up to :data:`SPRING_MAX` nodes
    gets ``nx.spring_layout(seed=0)`` (numpy only); a larger one the hub layout, which
    spring-lays out its :data:`HUBS` best-connected nodes on their co-occurrence graph
    and places every other node in a sunflower disk around the mean of its placed
    neighbours - near-linear, about half a second for 5,000 nodes.
    """
    h = nx.Graph()
    h.add_nodes_from(sorted(g.nodes, key=str))
    h.add_edges_from(sorted({tuple(sorted((str(u), str(v)))) for u, v in g.edges() if u != v}))
    comps = sorted((sorted(c) for c in nx.connected_components(h)), key=lambda c: (-len(c), c[0]))
    boxes = []
    for comp in comps:
        if len(comp) == 1:
            pos = {comp[0]: (0.0, 0.0)}
        else:
            sub = nx.Graph()
            sub.add_nodes_from(comp)
            sub.add_edges_from(sorted(tuple(sorted(e)) for e in h.subgraph(comp).edges()))
            if len(comp) <= SPRING_MAX:
                sp = nx.spring_layout(sub, seed=0, iterations=100)
                scale = max(60.0, 52.0 * math.sqrt(len(comp)))
                pos = {v: (float(x) * scale, float(y) * scale) for v, (x, y) in sp.items()}
            else:
                pos = _hub_layout(sub)
        xs = [p[0] for p in pos.values()]
        ys = [p[1] for p in pos.values()]
        boxes.append((pos, min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return _pack(boxes)


def _pack(boxes) -> dict[str, tuple[float, float]]:
    """Shelf-pack component layouts (given largest first) into rows of a square-ish area."""
    gap = 70.0
    area = sum((w + gap) * (hh + gap) for _, _, _, w, hh in boxes)
    row_w = max([math.sqrt(area) * 1.2] + [w for _, _, _, w, _ in boxes])
    out: dict[str, tuple[float, float]] = {}
    x = y = row_h = 0.0
    for pos, x0, y0, w, hh in boxes:
        if x > 0 and x + w > row_w:
            x, y, row_h = 0.0, y + row_h + gap, 0.0
        for v, (px, py) in pos.items():
            out[v] = (px - x0 + x, py - y0 + y)
        x += w + gap
        row_h = max(row_h, hh)
    if not out:
        return {}
    cx = (min(p[0] for p in out.values()) + max(p[0] for p in out.values())) / 2
    cy = (min(p[1] for p in out.values()) + max(p[1] for p in out.values())) / 2
    return {v: (round(px - cx, 1), round(py - cy, 1)) for v, (px, py) in out.items()}


def _hub_layout(h: nx.Graph) -> dict[str, tuple[float, float]]:
    n = h.number_of_nodes()
    deg = dict(h.degree())
    order = sorted(h, key=lambda v: (-deg[v], v))
    rank = {v: i for i, v in enumerate(order)}
    hubs = [v for v in order[:HUBS] if deg[v] > 0]
    hubset = set(hubs)

    # hubs attract each other when linked directly or through shared neighbours
    w: dict[tuple[str, str], float] = defaultdict(float)
    for u, v in h.edges():
        if u in hubset and v in hubset:
            w[tuple(sorted((u, v)))] += 1.0
    for v in order:
        if v in hubset:
            continue
        hn = sorted((u for u in h[v] if u in hubset), key=rank.__getitem__)[:12]
        for i in range(len(hn)):
            for j in range(i + 1, len(hn)):
                w[tuple(sorted((hn[i], hn[j])))] += 1.0 / (len(hn) - 1)
    hg = nx.Graph()
    hg.add_nodes_from(sorted(hubs))
    hg.add_weighted_edges_from(sorted((a, b, round(x, 6)) for (a, b), x in w.items()))
    scale = 40.0 * math.sqrt(n)
    pos: dict[str, tuple[float, float]] = {}
    if len(hg) > 1:
        sp = nx.spring_layout(hg, seed=0, weight="weight", iterations=100)
        pos = {v: (float(x) * scale, float(y) * scale) for v, (x, y) in sp.items()}
    elif len(hg) == 1:
        pos = {hubs[0]: (0.0, 0.0)}

    step = 14.0
    golden = math.pi * (3.0 - math.sqrt(5.0))
    rest = [v for v in sorted(h) if v not in pos]
    while rest:
        groups: dict[tuple[str, ...], list[str]] = defaultdict(list)
        for v in rest:
            placed = tuple(sorted(u for u in h[v] if u in pos))
            if placed:
                groups[placed].append(v)
        if not groups:
            break
        for anchor_nodes, members in sorted(groups.items()):
            ax = sum(pos[u][0] for u in anchor_nodes) / len(anchor_nodes)
            ay = sum(pos[u][1] for u in anchor_nodes) / len(anchor_nodes)
            for i, v in enumerate(members):
                r = step * math.sqrt(i + 2)
                t = (i + 1) * golden
                pos[v] = (ax + r * math.cos(t), ay + r * math.sin(t))
        rest = [v for v in rest if v not in pos]

    if rest:  # components without a hub: a grid under the drawing
        ys = [p[1] for p in pos.values()] or [0.0]
        xs = [p[0] for p in pos.values()] or [0.0]
        top = max(ys) + 120.0
        cols = max(1, int(math.sqrt(len(rest))))
        for i, v in enumerate(rest):
            pos[v] = (min(xs) + (i % cols) * 60.0, top + (i // cols) * 60.0)
    return {v: (round(x, 1), round(y, 1)) for v, (x, y) in pos.items()}


# --------------------------------------------------------------------------- data


def _jsonable(v):
    """Attribute value as plain JSON (non-finite floats dropped, other objects as str)."""
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return v if math.isfinite(v) else None
    if isinstance(v, (list, tuple, set, frozenset)):
        items = [_jsonable(x) for x in v]
        return sorted(items, key=str) if isinstance(v, (set, frozenset)) else items
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    return str(v)


def _short(label: str) -> str:
    label = " ".join(label.split())
    return label if len(label) <= LABEL_MAX else label[:LABEL_MAX - 1].rstrip() + "\u2026"


def dumps_for_script(obj) -> str:
    """JSON that is safe inside ``<script type="application/json">``.

    ``ensure_ascii`` escapes every non-ASCII character (U+2028/2029 included, and lone
    surrogates cannot break the UTF-8 output); ``<``, ``>`` and ``&`` only ever occur
    inside JSON strings, where ``\\u003c`` etc. mean the same thing, so no ``</script>``
    or ``<!--`` can reach the HTML parser.

    >>> dumps_for_script({"a": "</script>&\u2028"})
    '{"a":"\\\\u003c/script\\\\u003e\\\\u0026\\\\u2028"}'
    """
    s = json.dumps(obj, ensure_ascii=True, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return s.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


class _IdList(list):
    """pyvis keeps node ids in a list and checks membership on every add_node/add_edge
    (quadratic for 5,000 nodes); same list, set-backed ``in``."""

    def __init__(self):
        super().__init__()
        self._ids = set()

    def append(self, x):
        super().append(x)
        self._ids.add(x)

    def __contains__(self, x):
        return x in self._ids


def _font_size(node_type: str, degree: int) -> int:
    """Concepts' labels grow with their degree so hubs read at overview zoom."""
    if node_type in ("Paper", "Claim"):
        return 10
    return min(30, round(12 + 3 * math.log1p(degree)))


def _node_size(node_type: str, degree: int) -> float:
    base = 5.0 if node_type == "Claim" else 8.0
    return round(min(40.0, base + 4.0 * math.log1p(degree)), 1)


def _network(g: nx.MultiDiGraph, style: dict, pos: dict):
    """The pyvis Network for ``g``: nodes coloured/shaped by type at fixed positions."""
    from pyvis.network import Network

    big = g.number_of_nodes() > 1500
    net = Network(height="100%", width="100%", directed=True, cdn_resources="local")
    net.node_ids = _IdList()
    ids = sorted(g.nodes, key=str)
    und_deg = {str(v): 0 for v in ids}
    pairs = sorted({(str(u), str(v)) for u, v in g.edges()})
    for u, v in pairs:
        und_deg[u] += 1
        und_deg[v] += 1
    for nid in ids:
        attrs = g.nodes[nid]
        t = str(attrs.get("type", ""))
        st = style.get(t, FALLBACK_STYLE)
        color = st["color"]
        net.add_node(
            str(nid),
            label=_short(str(attrs.get("label") or nid)),
            shape=st["shape"],
            color={
                "background": color,
                "border": _shade(color, 0.7),
                "highlight": {"background": _shade(color, 1.35), "border": "#222222"},
                "hover": {"background": _shade(color, 1.2), "border": "#222222"},
            },
            x=pos[str(nid)][0],
            y=pos[str(nid)][1],
            size=_node_size(t, und_deg[str(nid)]),
            font={"size": _font_size(t, und_deg[str(nid)])},
            physics=False,
        )
        if t == "Claim":  # sentences: card and tooltip only, never drawn on the canvas
            del net.node_map[str(nid)]["label"]
    for i, (u, v) in enumerate(pairs):
        net.add_edge(u, v, id=f"e{i}")
    net.set_options(json.dumps({
        "autoResize": True,
        "physics": {"enabled": False},
        "layout": {"improvedLayout": False, "randomSeed": 0},
        "interaction": {
            "hover": True,
            "hoverConnectedEdges": not big,
            "tooltipDelay": 120,
            "hideEdgesOnDrag": big,
            "hideEdgesOnZoom": big,
            "multiselect": False,
            "navigationButtons": False,
            "keyboard": False,
        },
        "nodes": {
            "borderWidth": 1,
            "font": {"size": 12, "color": "#222222", "strokeWidth": 3, "strokeColor": "#ffffff"},
            # a label is drawn once it is this many pixels tall on screen
            "scaling": {"label": {"drawThreshold": 7}},
        },
        "edges": {
            "smooth": False,
            "width": 0.6,
            "selectionWidth": 2,
            "color": {"color": "#b8bcc4", "highlight": "#333333", "hover": "#666666", "opacity": 0.8},
            "arrows": {"to": {"enabled": True, "scaleFactor": 0.35}},
        },
    }))
    return net


def _graph_data(g: nx.MultiDiGraph, style: dict) -> dict:
    """kg's own view of the graph for the side card, search and filters."""
    ids = sorted(g.nodes, key=str)
    nodes = []
    counts: dict[str, int] = defaultdict(int)
    for nid in ids:
        attrs = {str(k): _jsonable(v) for k, v in g.nodes[nid].items()}
        attrs["id"] = str(nid)
        attrs["type"] = str(attrs.get("type") or "")
        attrs["label"] = str(attrs.get("label") or nid)
        counts[attrs["type"]] += 1
        nodes.append(attrs)
    edges = []
    for u, v, k, attrs in sorted(g.edges(keys=True, data=True), key=lambda e: (str(e[0]), str(e[1]), str(e[2]))):
        e = {str(a): _jsonable(x) for a, x in attrs.items()}
        e["source"], e["target"] = str(u), str(v)
        e["type"] = str(attrs.get("type") or k)
        edges.append(e)
    order = {t: i for i, t in enumerate(DEFAULT_STYLE)}
    types = [
        {"type": t, "count": counts[t], **style.get(t, FALLBACK_STYLE)}
        for t in sorted(set(counts) | set(DEFAULT_STYLE), key=lambda t: (order.get(t, 99), t))
    ]
    return {"nodes": nodes, "edges": edges, "types": types}


# --------------------------------------------------------------------------- page


@lru_cache(maxsize=1)
def _vis_assets() -> tuple[str, str]:
    import pyvis

    lib = Path(pyvis.__file__).parent / "lib" / f"vis-{VIS_VERSION}"
    js = (lib / "vis-network.min.js").read_text(encoding="utf-8")
    css = (lib / "vis-network.css").read_text(encoding="utf-8")
    # no source-map reference (devtools would try to load it); neither file may close
    # its element early
    js = "\n".join(line for line in js.split("\n") if not line.startswith("//# sourceMappingURL="))
    css = "\n".join(line for line in css.split("\n") if not line.startswith("/*# sourceMappingURL="))
    js = js.replace("</script", "<\\/script").replace("<!--", "<\\!--")
    css = css.replace("</style", "\\3c/style")
    return js, css


def _template():
    from jinja2 import Environment

    env = Environment(autoescape=True, keep_trailing_newline=True)
    src = resources.files("kg").joinpath("templates/explorer.html").read_text(encoding="utf-8")
    return env.from_string(src)


def _csp_hash(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode() + "'"


def render(graph: nx.MultiDiGraph, *, full_max: int | None = None) -> str:
    """The explorer page for ``graph`` as a string.

    A graph of more than ``full_max`` nodes (default :data:`FULL_MAX`) is shown as its
    aggregated view (:func:`kg.graph.summary.summarize`): top concepts overall and per
    field, joined by shared papers.
    """
    from markupsafe import Markup

    summary = None
    if graph.number_of_nodes() > (FULL_MAX if full_max is None else full_max):
        from kg.graph.summary import summarize

        n_nodes = graph.number_of_nodes()
        graph = summarize(graph)
        summary = (f"Aggregated view of {n_nodes:,} nodes: the {graph.number_of_nodes():,} concepts used by the most "
                   f"of {graph.graph['papers']:,} papers, overall and per field. The full graph is in the "
                   "GraphML, RDF and Neo4j exports.")
    style = load_style()
    pos = layout(graph)
    net = _network(graph, style, pos)
    vis_nodes, vis_edges, _heading, _h, _w, options = net.get_network_data()
    payload = {
        "vis": {"nodes": vis_nodes, "edges": vis_edges, "options": json.loads(options)},
        "kg": _graph_data(graph, style),
    }
    js, css = _vis_assets()
    # the CSP pins the page's inline scripts by hash: render with a placeholder, hash
    # the scripts as rendered, then fill the placeholder in (it is outside every script)
    page = _template().render(
        vis_js=Markup(js),
        vis_css=Markup(css),
        data_json=Markup(dumps_for_script(payload)),
        csp=Markup("__KG_CSP__"),
        node_count=graph.number_of_nodes(),
        edge_count=graph.number_of_edges(),
        summary=summary,
    )
    scripts = _inline_scripts(page)
    csp = "; ".join([
        "default-src 'none'",
        "script-src " + " ".join(_csp_hash(s) for s in scripts),
        "style-src 'unsafe-inline'",
        "img-src data:",
        "font-src 'none'",
        "connect-src 'none'",
        "object-src 'none'",
        "frame-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ])
    return page.replace("__KG_CSP__", csp, 1)


def _inline_scripts(page: str) -> list[str]:
    """Text of every executable inline <script> of the rendered page, in order."""
    out = []
    i = 0
    while True:
        start = page.find("<script", i)
        if start < 0:
            return out
        tag_end = page.index(">", start)
        end = page.index("</script>", tag_end)
        if 'type="application/json"' not in page[start:tag_end]:
            out.append(page[tag_end + 1:end])
        i = end + len("</script>")


def write(graph: nx.MultiDiGraph, path: Path) -> None:
    """Write the self-contained explorer page for ``graph`` to ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(render(graph).encode("utf-8"))
