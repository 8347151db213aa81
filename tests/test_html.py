"""The browser explorer (kg.export.html): static checks and real-Chromium checks.

Browser tests (``-m browser``) drive Debian's ``/usr/bin/chromium`` through Playwright.
They FAIL (never skip) when either is missing, so CI cannot pass without running them::

    apt-get update && apt-get install -y chromium
    /work/venv/bin/pip install playwright        # never `playwright install`
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import time
from html.parser import HTMLParser
from pathlib import Path

import networkx as nx
import pytest

from kg.export import html as explorer
from kg.graph import build_graph
from kg.records import Claim, Concept, Evidence, Extraction, Mention, Paper

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(__file__).parent / "artifacts"

SCRIPT_BREAK = "</script><script>alert(1)</script>"
SCRIPT = "<script>window.__pwned=1</script>"
IMG = '<img src=x onerror="window.__pwned=1">'
ATTR = '" onmouseover="window.__pwned=1'
HOSTILE = (SCRIPT_BREAK, SCRIPT, IMG, ATTR)


# --------------------------------------------------------------------------- fixtures


def _ev(pid: str, sentence: str) -> Evidence:
    return Evidence(pid, sentence, 0, len(sentence), "test", 0.9)


def hostile_graph() -> nx.MultiDiGraph:
    """A handful of papers citing PPO, with hostile text in every untrusted field."""
    concepts = {c.id: c for c in [
        Concept("concept/ppo", "algorithm", "PPO", aliases=("Proximal Policy Optimization", IMG, ATTR)),
        Concept("concept/ppo-lagrangian", "algorithm", "PPO-Lagrangian", parent="concept/ppo"),
        Concept("concept/trpo", "algorithm", "TRPO", aliases=("Trust Region Policy Optimization",)),
        Concept("concept/mujoco", "benchmark", "MuJoCo"),
        Concept("concept/atari", "benchmark", "Atari 2600"),
        Concept("concept/rl", "field", "Reinforcement learning", aliases=("RL",)),
        Concept("concept/robotics", "field", SCRIPT + " robotics", source="discovered"),
        Concept("concept/return", "metric", "average return"),
        Concept("concept/gpt-2", "model", "GPT-2"),
        Concept("concept/evil", "method", IMG, aliases=(SCRIPT_BREAK,), source="discovered"),
    ]}

    def m(kind, cid, pid, sentence, role=None, proposed=False):
        c = concepts[cid]
        return Mention(kind, c.name, role=role, proposed=proposed, evidence=(_ev(pid, sentence),), concept=cid)

    p1 = Paper("h-01", SCRIPT + " We build on PPO and evaluate on MuJoCo. " + IMG, title=SCRIPT_BREAK,
               authors=(IMG, "Ada Lovelace"), year=2025, venue=ATTR, url="javascript:window.__pwned=1")
    p2 = Paper("h-02", ATTR + " We compare with PPO on Atari.", title=IMG, url="https://example.org/p2")
    p3 = Paper("h-03", "We study PPO-Lagrangian for safe robotics.", title="Safe exploration with PPO-Lagrangian")
    p4 = Paper("h-04", "We analyse TRPO with GPT-2 policies.", title="A benign TRPO paper")
    exs = [
        Extraction(p1, (
            m("algorithm", "concept/ppo", "h-01", SCRIPT + " We build on PPO.", role="builds_on"),
            m("algorithm", "concept/trpo", "h-01", "Unlike TRPO " + IMG, role="compared"),
            m("benchmark", "concept/mujoco", "h-01", "evaluate on MuJoCo " + ATTR),
            m("field", "concept/rl", "h-01", "reinforcement learning"),
            m("metric", "concept/return", "h-01", "average return " + SCRIPT_BREAK),
            m("method", "concept/evil", "h-01", "We propose " + IMG, proposed=True),
        ), (
            Claim(SCRIPT + " PPO beats TRPO by 5% on MuJoCo.", "empirical", subject="PPO", baselines=("TRPO",),
                  metric="average return", value=IMG, benchmark="MuJoCo",
                  evidence=_ev("h-01", SCRIPT + " PPO beats TRPO by 5% on MuJoCo.")),
        )),
        Extraction(p2, (
            m("algorithm", "concept/ppo", "h-02", ATTR + " we compare with PPO.", role="compared"),
            m("benchmark", "concept/atari", "h-02", "on Atari " + IMG),
            m("field", "concept/rl", "h-02", "RL"),
        )),
        Extraction(p3, (
            m("algorithm", "concept/ppo-lagrangian", "h-03", "We study PPO-Lagrangian.", role="studied"),
            m("algorithm", "concept/ppo", "h-03", "a variant of PPO " + SCRIPT, role="mentioned"),
            m("field", "concept/robotics", "h-03", "safe robotics " + ATTR),
        )),
        Extraction(p4, (
            m("algorithm", "concept/trpo", "h-04", "We analyse TRPO.", role="studied"),
            m("model", "concept/gpt-2", "h-04", "GPT-2 policies"),
            m("field", "concept/rl", "h-04", "policies"),
        )),
    ]
    return build_graph(exs, concepts)


def synthetic_graph(n_papers: int = 3800, n_concepts: int = 1200, seed: int = 0) -> nx.MultiDiGraph:
    """``n_papers + n_concepts`` nodes (5,000 by default), ~4 mentions per paper.

    Papers and concepts fall into 20 topics; a paper mostly cites concepts of its topic,
    so the layout has real structure to show.
    """
    rnd = random.Random(seed)
    kinds = ("algorithm", "benchmark", "method", "model", "field", "metric")
    concepts = {}
    for j in range(n_concepts):
        kind = kinds[j % len(kinds)]
        cid = f"concept/{kind}-{j:04d}"
        concepts[cid] = Concept(cid, kind, f"{kind.title()} {j}", aliases=(f"{kind[:3].upper()}{j}",))
    cids = sorted(concepts)
    by_topic = [[c for k, c in enumerate(cids) if k % 20 == t] for t in range(20)]
    exs = []
    for i in range(n_papers):
        pid = f"s{i:05d}"
        topic = by_topic[i % len(by_topic)]
        picks = {cids[i % n_concepts], *rnd.sample(topic, 3)}
        if rnd.random() < 0.2:
            picks.add(rnd.choice(cids))
        mentions = []
        for cid in sorted(picks):
            c = concepts[cid]
            sentence = f"Paper {i} uses {c.name}."
            mentions.append(Mention(c.type, c.name, role="builds_on" if c.type in ("algorithm", "method") else None,
                                    evidence=(_ev(pid, sentence),), concept=cid))
        exs.append(Extraction(Paper(pid, f"Synthetic abstract {i}.", title=f"Synthetic paper {i}"), tuple(mentions)))
    return build_graph(exs, concepts)


@pytest.fixture(scope="module")
def graph():
    return hostile_graph()


@pytest.fixture(scope="module")
def page_html(graph, tmp_path_factory):
    path = tmp_path_factory.mktemp("html") / "graph.html"
    explorer.write(graph, path)
    return path


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.script_text: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"
        if self._in_script:
            self.script_text.append("")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.script_text[-1] += data


def _parse(html: str) -> _Tags:
    p = _Tags()
    p.feed(html)
    return p


def _payload(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', html, re.S)
    assert m, "data script missing"
    return json.loads(m.group(1))


# --------------------------------------------------------------------------- static checks


def test_page_loads_nothing_from_the_network(page_html):
    html = page_html.read_text(encoding="utf-8")
    tags = _parse(html).tags
    names = [t for t, _ in tags]
    assert "link" not in names and "img" not in names and "iframe" not in names
    for tag, attrs in tags:
        for a in ("src", "href", "srcset", "poster", "data", "action", "background"):
            assert a not in attrs, f"<{tag} {a}=...> in the page"
    assert not re.search(r"<script[^>]*\ssrc\s*=", html, re.I)
    assert not re.search(r"<link[^>]*\shref\s*=", html, re.I)
    assert not re.search(r"@import|@font-face", html, re.I)
    for m in re.finditer(r"url\(\s*['\"]?([^'\")]*)", html):
        assert m.group(1).startswith("data:") or m.group(1) == "", m.group(0)[:80]
    assert names.count("script") == 3  # data, vis-network, app
    assert "sourceMappingURL" not in html


def test_untrusted_text_is_escaped(page_html, graph):
    html = page_html.read_text(encoding="utf-8")
    for bad in HOSTILE:
        assert bad not in html
    assert "<img" not in html
    assert "window.__pwned" in html  # it is there, but only as escaped JSON text
    data = _payload(html)
    nodes = {n["id"]: n for n in data["kg"]["nodes"]}
    assert nodes["paper/h-01"]["title"] == SCRIPT_BREAK  # escaping is lossless
    assert nodes["concept/ppo"]["aliases"] == sorted(["Proximal Policy Optimization", IMG, ATTR])
    evidence = {e["evidence"] for e in data["kg"]["edges"] if "evidence" in e}
    assert SCRIPT + " We build on PPO." in evidence
    for n in data["vis"]["nodes"]:
        assert "title" not in n  # vis tooltips come from our textContent tooltip only


def test_script_escaping_covers_separators_and_surrogates(tmp_path):
    g = nx.MultiDiGraph()
    g.add_node("paper/x", type="Paper", label="a\u2028b\u2029c & <!-- d", title="\ud800 lone surrogate")
    path = tmp_path / "graph.html"
    explorer.write(g, path)
    html = path.read_text(encoding="utf-8")
    assert "\u2028" not in html and "\u2029" not in html and "<!--" not in html
    assert _payload(html)["kg"]["nodes"][0]["label"] == "a\u2028b\u2029c & <!-- d"


def test_csp_pins_inline_scripts(page_html):
    html = page_html.read_text(encoding="utf-8")
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html).group(1)
    assert "default-src 'none'" in csp and "connect-src 'none'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    parsed = _parse(html)
    scripts = [s for (t, a), s in zip([x for x in parsed.tags if x[0] == "script"], parsed.script_text)
               if a.get("type") != "application/json"]
    assert len(scripts) == 2
    for s in scripts:
        digest = base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode()
        assert f"'sha256-{digest}'" in csp


def test_output_is_deterministic(graph, tmp_path):
    a, b, c = tmp_path / "a.html", tmp_path / "b.html", tmp_path / "c.html"
    explorer.write(graph, a)
    explorer.write(graph, b)
    shuffled = nx.MultiDiGraph()
    shuffled.add_nodes_from(reversed(list(graph.nodes(data=True))))
    shuffled.add_edges_from(reversed(list(graph.edges(keys=True, data=True))))
    explorer.write(shuffled, c)
    assert a.read_bytes() == b.read_bytes() == c.read_bytes()


def test_nodes_styled_by_type_and_positioned(graph, page_html):
    data = _payload(page_html.read_text(encoding="utf-8"))
    style = explorer.load_style()
    types = {n["id"]: n["type"] for n in data["kg"]["nodes"]}
    assert len(data["vis"]["nodes"]) == graph.number_of_nodes()
    for n in data["vis"]["nodes"]:
        assert n["color"]["background"] == style[types[n["id"]]]["color"]
        assert n["shape"] == style[types[n["id"]]]["shape"]
        assert isinstance(n["x"], float) and isinstance(n["y"], float)
    assert data["vis"]["options"]["physics"]["enabled"] is False
    assert {t["type"] for t in data["kg"]["types"]} >= set(style)


def test_output_does_not_depend_on_hash_seed(tmp_path):
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import test_html as t; "
            "from kg.export import html; from pathlib import Path; "
            "html.write(t.hostile_graph(), Path(sys.argv[2]) / 'a.html'); "
            "html.write(t.synthetic_graph(900, 300), Path(sys.argv[2]) / 'b.html')")
    outs = []
    for seed in ("1", "2"):
        d = tmp_path / seed
        d.mkdir()
        subprocess.run([sys.executable, "-c", code, str(Path(__file__).parent), str(d)], check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed})
        outs.append(((d / "a.html").read_bytes(), (d / "b.html").read_bytes()))
    assert outs[0] == outs[1]


def test_registry_writes_graph_html(graph, tmp_path):
    from kg.export import export

    [path] = export(graph, tmp_path, names=["html"])
    assert path == tmp_path / "graph.html"
    assert path.read_bytes() == explorer.render(graph).encode("utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["graph.html"]


def test_empty_graph_and_large_layout(tmp_path):
    explorer.write(nx.MultiDiGraph(), tmp_path / "empty.html")
    assert _payload((tmp_path / "empty.html").read_text(encoding="utf-8"))["kg"]["nodes"] == []
    g = synthetic_graph(n_papers=900, n_concepts=300)
    pos = explorer.layout(g)
    assert len(pos) == g.number_of_nodes() and pos == explorer.layout(g)
    assert len(set(pos.values())) > 0.95 * len(pos)  # hardly any node sits on another


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.fail("browser tests need Debian's chromium at /usr/bin/chromium: "
                    "apt-get update && apt-get install -y chromium", pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("browser tests need the playwright package: pip install playwright "
                    "(do not run `playwright install`; the system chromium is used)", pytrace=False)
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Session:
    """A page with its console errors, page errors, dialogs and requests recorded."""

    def __init__(self, browser, bypass_csp: bool = False):
        self.page = browser.new_page(viewport={"width": 1400, "height": 850}, bypass_csp=bypass_csp)
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))

    def open(self, path: Path, timeout_ms: int = 15000) -> float:
        t0 = time.perf_counter()
        self.page.goto(path.resolve().as_uri())
        self.page.wait_for_function("() => window.kgExplorer && window.kgExplorer.drawn()", timeout=timeout_ms)
        return time.perf_counter() - t0

    def js(self, expr: str, arg=None):
        return self.page.evaluate(expr, arg)

    def assert_clean(self):
        assert self.errors == []
        assert self.dialogs == []
        offsite = [u for u in self.requests if not (u.startswith("file://") or u.startswith("data:"))]
        assert offsite == []
        assert self.js("typeof window.__pwned") == "undefined"


@pytest.fixture
def session(browser):
    s = Session(browser)
    yield s
    s.page.close()


def _papers_citing(graph, cid):
    return sorted({u for u, _ in graph.in_edges(cid) if graph.nodes[u]["type"] == "Paper"})


@pytest.mark.browser
def test_browser_draws_the_network_offline(session, page_html, graph):
    session.open(page_html)
    assert session.js("window.kgExplorer.nodeCount()") == graph.number_of_nodes()
    assert session.js("document.querySelectorAll('#network canvas').length") == 1
    assert session.js("document.querySelector('#network canvas').width") > 0
    assert session.js("document.querySelectorAll('#legend input[type=checkbox]').length") == 8
    session.assert_clean()
    assert session.requests == [page_html.resolve().as_uri()]


@pytest.mark.browser
def test_browser_search_selects_ppo_and_lists_its_papers(session, page_html, graph):
    session.open(page_html)
    session.page.fill("#search", "PPO")
    session.page.press("#search", "Enter")
    assert session.js("window.kgExplorer.selectedId()") == "concept/ppo"
    assert session.js("window.kgExplorer.network.getSelectedNodes()") == ["concept/ppo"]
    card = session.page.inner_text("#card")
    for pid in _papers_citing(graph, "concept/ppo"):
        assert graph.nodes[pid]["label"] in card
    assert "A benign TRPO paper" not in card  # cites TRPO, not PPO
    assert SCRIPT + " We build on PPO." in card  # evidence, shown as text
    assert "PPO beats TRPO" in card and "empirical" in card  # the claim about PPO
    assert IMG in card and ATTR in card  # aliases, as text
    # aliases and case-insensitivity
    assert session.js("window.kgExplorer.search('proximal policy')[0]") == "concept/ppo"
    assert session.js("window.kgExplorer.search('ppo')[0]") == "concept/ppo"
    assert session.js("window.kgExplorer.search('trust region')[0]") == "concept/trpo"
    session.assert_clean()


@pytest.mark.browser
def test_browser_click_on_ppo_opens_its_card(session, page_html, graph):
    session.open(page_html)
    pos = session.js("window.kgExplorer.domPosition('concept/ppo')")
    session.page.mouse.click(pos["x"], pos["y"])
    session.page.wait_for_function("() => window.kgExplorer.selectedId() === 'concept/ppo'", timeout=3000)
    card = session.page.inner_text("#card")
    assert card.startswith("PPO")
    assert "Papers (3)" in card.replace("PAPERS", "Papers")
    # a paper in the card is a link to that paper's card
    session.page.locator("#card button.link", has_text="Safe exploration with PPO-Lagrangian").click()
    assert session.js("window.kgExplorer.selectedId()") == "paper/h-03"
    assert "We study PPO-Lagrangian" in session.page.inner_text("#card")
    session.assert_clean()


@pytest.mark.browser
@pytest.mark.parametrize("bypass_csp", [False, True], ids=["csp", "no-csp"])
def test_browser_hostile_payloads_do_not_execute(browser, page_html, graph, bypass_csp):
    """With the page's CSP, and without it: the DOM is built from text only, so the
    payloads stay inert even if the CSP were lost (e.g. the page served with headers)."""
    session = Session(browser, bypass_csp=bypass_csp)
    try:
        _open_every_card_and_hover(session, page_html, graph)
    finally:
        session.page.close()


def _open_every_card_and_hover(session, page_html, graph):
    session.open(page_html)
    tips = []
    for nid in sorted(graph.nodes):  # hover every node: the tooltip shows its text
        pos = session.js("id => window.kgExplorer.domPosition(id)", nid)
        session.page.mouse.move(pos["x"], pos["y"])
        session.page.wait_for_timeout(40)
        tips.append(session.js("document.getElementById('tooltip').textContent"))
        session.page.mouse.move(5, 5)
    assert any(SCRIPT_BREAK in t for t in tips) and any(IMG in t for t in tips)
    for nid in sorted(graph.nodes):  # open every card, hover its links
        assert session.js("id => window.kgExplorer.select(id)", nid)
        for box in session.js("Array.from(document.querySelectorAll('#card button.link')).slice(0, 6)"
                              ".map(b => { const r = b.getBoundingClientRect(); return [r.x + 5, r.y + 5]; })"):
            session.page.mouse.move(*box)
        session.page.wait_for_timeout(20)  # let any injected handler fire
        assert session.js("typeof window.__pwned") == "undefined", f"payload ran in the card of {nid}"
        assert session.js("document.querySelectorAll('img, iframe, object, embed').length") == 0, nid
        assert session.page.inner_text("#card .title") == graph.nodes[nid]["label"]
    assert session.js("document.getElementById('tooltip').children.length") == 0
    for q in ("<img", "script", "onmouseover", "pwned"):
        session.page.fill("#search", q)
        session.page.press("#search", "Enter")
        session.page.hover("#results")
    options = session.js("Array.from(document.querySelectorAll('#field option')).map(o => o.value)")
    assert "concept/robotics" in options
    for v in options:
        session.page.select_option("#field", v)
    assert session.js("document.querySelectorAll('img, iframe, object, embed').length") == 0
    assert session.js("document.querySelectorAll('script').length") == 3
    assert session.js("document.querySelectorAll('[onerror], [onmouseover], [onload]').length") == 0
    session.assert_clean()


@pytest.mark.browser
def test_browser_type_and_field_filters(session, page_html, graph):
    session.open(page_html)
    total = graph.number_of_nodes()
    session.page.select_option("#field", "concept/rl")
    papers = {u for u, _, k in graph.in_edges("concept/rl", keys=True) if k == "addresses"}
    expected = {"concept/rl"} | papers | {v for p in papers for v in graph.successors(p)}
    assert session.js("window.kgExplorer.visibleNodeCount()") == len(expected)
    session.page.select_option("#field", "")
    assert session.js("window.kgExplorer.visibleNodeCount()") == total
    session.page.locator("#legend input[data-type=Paper]").uncheck()
    n_papers = sum(1 for _, t in graph.nodes(data="type") if t == "Paper")
    assert session.js("window.kgExplorer.visibleNodeCount()") == total - n_papers
    # searching for a hidden node makes it visible again
    assert session.js("window.kgExplorer.find('Safe exploration')") == "paper/h-03"
    assert session.js("window.kgExplorer.visibleNodeCount()") == total
    session.assert_clean()


@pytest.mark.browser
def test_browser_screenshot(session, page_html):
    session.open(page_html)
    session.page.fill("#search", "ppo")
    session.page.press("#search", "Enter")
    session.page.wait_for_timeout(500)
    session.js("window.kgExplorer.network.fit({animation: false})")
    pos = session.js("window.kgExplorer.domPosition('paper/h-03')")
    session.page.mouse.move(pos["x"], pos["y"])
    session.page.wait_for_timeout(150)
    ARTIFACTS.mkdir(exist_ok=True)
    session.page.screenshot(path=str(ARTIFACTS / "explorer.png"))
    session.assert_clean()


@pytest.mark.browser
def test_browser_5000_nodes_interactive_quickly(session, tmp_path, record_property):
    g = synthetic_graph()
    assert g.number_of_nodes() == 5000
    path = tmp_path / "graph.html"
    t0 = time.perf_counter()
    explorer.write(g, path)
    write_s = time.perf_counter() - t0
    load_s = session.open(path, timeout_ms=20000)
    session.page.wait_for_function("() => window.kgExplorer.nodeCount() === 5000", timeout=1000)
    t1 = time.perf_counter()
    assert session.js("window.kgExplorer.find('Algorithm 6')") == "concept/algorithm-0006"
    session.page.wait_for_function("() => document.getElementById('card').innerText.includes('PAPERS') || "
                                   "document.getElementById('card').innerText.includes('Papers')", timeout=2000)
    select_s = time.perf_counter() - t1
    record_property("write_s", round(write_s, 2))
    record_property("load_s", round(load_s, 2))
    record_property("select_s", round(select_s, 2))
    print(f"\n5000 nodes / {g.number_of_edges()} edges: write {write_s:.2f}s, "
          f"page interactive {load_s:.2f}s, search+select+card {select_s:.2f}s, "
          f"{path.stat().st_size / 1e6:.1f} MB")
    assert load_s < 8.0, f"5,000-node page took {load_s:.1f}s to become interactive"
    session.page.wait_for_timeout(400)
    ARTIFACTS.mkdir(exist_ok=True)
    session.js("window.kgExplorer.network.fit({animation: false})")
    session.page.wait_for_timeout(100)
    session.page.screenshot(path=str(ARTIFACTS / "explorer-5000.png"))
    session.assert_clean()


# --------------------------------------------------------------------------- aggregated view


def _paper_counts(g):
    """Papers linked to each concept, counted straight from the graph's edges."""
    pairs = {(u, v) for u, v in g.edges() if g.nodes[u]["type"] == "Paper" and g.nodes[v]["type"] != "Claim"}
    counts: dict[str, int] = {}
    for _, v in pairs:
        counts[v] = counts.get(v, 0) + 1
    return counts


@pytest.fixture(scope="module")
def big_graph():
    return synthetic_graph()  # 5,000 nodes


@pytest.fixture(scope="module")
def summary_html(big_graph, tmp_path_factory):
    path = tmp_path_factory.mktemp("summary") / "graph.html"
    path.write_bytes(explorer.render(big_graph, full_max=1000).encode("utf-8"))
    return path


def test_big_graph_is_drawn_as_its_aggregated_view(big_graph, summary_html):
    html = summary_html.read_text(encoding="utf-8")
    nodes = _payload(html)["kg"]["nodes"]
    assert "Aggregated view of 5,000 nodes" in html
    assert not any(n["type"] in ("Paper", "Claim") for n in nodes)
    counts = _paper_counts(big_graph)
    assert all(n["papers"] == counts[n["id"]] for n in nodes)
    ids = {n["id"] for n in nodes}
    ranked = sorted(counts, key=lambda c: -counts[c])
    cut = counts[ranked[299]]  # the 300th concept's count: all above it are kept
    assert {c for c in counts if counts[c] > cut} <= ids
    assert len(nodes) < 1200  # bounded: top 300 + per-field tops, not every concept
    # the small graph below the threshold is drawn whole
    small = explorer.render(big_graph, full_max=10_000)
    assert len(_payload(small)["kg"]["nodes"]) == big_graph.number_of_nodes()


@pytest.mark.browser
def test_browser_aggregated_view_filters_by_field(session, summary_html, big_graph):
    session.open(summary_html)
    nodes = _payload(summary_html.read_text(encoding="utf-8"))["kg"]["nodes"]
    assert session.js("window.kgExplorer.nodeCount()") == len(nodes)
    assert "Aggregated view" in session.page.inner_text("header")
    field = next(n for n in nodes if n["type"] == "Field")
    session.page.select_option("#field", field["id"])
    stats = session.page.inner_text("#stats")
    shown = int(re.search(r"(\d+) shown", stats).group(1))
    expected = 1 + len({u for u, v, k in [(e["source"], e["target"], e["type"]) for e in _payload(
        summary_html.read_text(encoding="utf-8"))["kg"]["edges"]] if v == field["id"] and k == "addresses"})
    assert shown == expected and shown < len(nodes)
    top = max(nodes, key=lambda n: (n["papers"], n["id"]))
    session.page.fill("#search", top["label"])
    session.page.press("#search", "Enter")
    card = session.page.inner_text("#card")
    assert str(top["papers"]) in card and "papers with".lower() in card.lower()
    session.assert_clean()
