"""Data-file patterns rewritten into faster forms find what the forms they replace find.

Each plain form is kept here as it was written before the rewrite; the rewritten one is the
data file's. Both run over the same sentences (plain and folded) and must give the same matches.
"""
import re

from kg.datafiles import load_patterns
from kg.extract.cues import fold

_DISCOVERY = load_patterns("discovery_patterns")
_CLAIMS = load_patterns("claim_patterns")

#: discovery_patterns.json ``derived_from`` before its phrases were grouped by first letter
DERIVED_FROM_PLAIN = re.compile(
    r"\b(?:in the (?:spirit|style|vein|manner) of|(?:borrowed|adapted|inherited) from|inspired by|"
    r"(?:generali[sz]ation|extension|special case|successor|relaxation|simplification)s? (?:of|to)|"
    r"(?:scheme|principle|recipe) of|extends|extending|builds? (?:up)?on|building (?:up)?on)(?: the| an?)? ")

DERIVED_FROM_TEXTS = [
    "We propose FooNet, in the spirit of ARL, borrowed from Glow-TTS and adapted from the BAR method.",
    "Our method is a generalization of ACT and a generalisation to MDPs; it extends the SCORE procedure.",
    "FooRL builds on PPO, builds upon an actor, and building on the TRPO update, extending an idea inspired by SAC.",
    "A special case of GLM, successors to DQN, relaxations of the LP, simplification of the scheme of HMC.",
    "The principle of maximum entropy and the recipe of DPO, inherited from a prior, in the style of Adam.",
    "extensions to extends extendsion buildson building uponx inspired byte rebuilds on prebuilt on",
    "In the vein of, in the manner ofthe, In The Spirit Of X, EXTENDS the idea, generalizations ofa",
    "",
]


def _matches(pattern, texts):
    return [(m.span(), m.group()) for t in texts for m in pattern.finditer(t)]


def test_derived_from_finds_what_its_plain_form_finds():
    texts = DERIVED_FROM_TEXTS + [fold(t) for t in DERIVED_FROM_TEXTS]
    found = _matches(_DISCOVERY.derived_from, texts)
    assert len(found) >= 25  # the sentences exercise most phrases
    assert found == _matches(DERIVED_FROM_PLAIN, texts)


#: claim_patterns.json ``value`` before it opened with a look at the character a value starts with
VALUE_PLAIN = re.compile(
    r"[+\-−]?\d+(?:[.,]\d+)?\s?%(?:\s?(?:-|–|to)\s?\d+(?:\.\d+)?\s?%)?"
    r"|[+\-]?\d+(?:\.\d+)?[KMB]?\+?\s(?:steps|timesteps|samples|tokens|frames|images|episodes|queries|trajectories"
    r"|turns|rounds|iterations|evaluations|calls)(?:\sper\s(?:second|step|episode))?"
    r"|\b\d+(?:\.\d+)?\s?(?:x|×)(?=\W)"
    r"|[$€£]\s?\d+(?:\.\d+)?(?:\s(?:per|/)\s\w+)?"
    r"|[+\-]?\d+(?:\.\d+)?(?:\s?(?:-|–|to)\s?\d+(?:\.\d+)?)?\s(?:points|pp|percentage points|BLEU|FID|dB|mIoU|mAP|AP|AUC"
    r"|CIDEr|F1)\b"
    r"|[+\-]?\d+(?:\.\d+)?\s?(?:ms|seconds|minutes|hours|GPU-hours|days|nats|bits|eV|KB|MB|GB|kHz|Hz|point)\b"
    r"|\b\d+ (?:of|out of) (?:the |all )?\d+\b(?![.,]\d|\s?%)"
    r"|\b\d+(?:\.\d+)?(?:\s?(?:-|–|to)\s?\d+(?:\.\d+)?)?\stimes(?=\s(?:higher|lower|faster|slower|more|less|fewer|larger"
    r"|smaller|better|cheaper)\b)"
    r"|(?<=score of )\d{1,3}(?:,\d{3})+\b"
    r"|\b[A-Za-z]\^[\-−]?(?:\([^()]*\)|[^\s,;()])+"
    r"|(?<![\w.\-])\d*\.\d+(?![\w%]|\.\d)"
    r"|[ÕOΘΩ]\s?\([^()]*(?:\([^()]*\)[^()]*)*\)")

VALUE_TEXTS = [
    "It achieves 58.7% LC win rate, 38.2% - 69.2% on AlpacaEval and +2K steps per second, 3x faster than PPO.",
    "At $1 per task and €0.5/ call, it gains 5 to 9 points (+1.5 AP) and loses only 0.4 mIoU at 120 ms per image.",
    "It wins 7 of 9 tasks and 3 out of all 12 games, is 2.5 times higher and 2-3 times faster, with a mean score of 6,400.",
    "The excess risk decays at the rate n^-α/(2α+d) and n^{-1/2}, x^(1/3); an FID of 2.1 and .93 recall, v1.2.3 and 1.2.",
    "Regret is Õ(√K) or O(d log(T)) and Θ(n^2), Ω (1/ε); O(n) memory, Obtains O, an Oracle; -3.5% and −4% and +12,5 %.",
    "Llama 3.2 reaches 0.91 AUC and 1.5B tokens; 10M samples per step, 4 GPU-hours, 12 GB and 3.5 kHz; 40x and 2×.",
    "An average return of 412, 99.9th percentile, 3.14x, 1e-3 and 10^5 steps; a^2 + b^-1 = c; A^* search; the 2nd run.",
    "no digits here at all, only words and (brackets) and a stray . and - and + and ^ sign",
    "",
]


def test_value_finds_what_its_plain_form_finds():
    found = _matches(_CLAIMS.value, VALUE_TEXTS)
    assert len(found) >= 40  # the sentences exercise every branch
    assert found == _matches(VALUE_PLAIN, VALUE_TEXTS)
    # and from every position, as _is_setting matches it
    for t in VALUE_TEXTS:
        for i in range(len(t)):
            got, plain = _CLAIMS.value.match(t, i), VALUE_PLAIN.match(t, i)
            assert (got and got.span()) == (plain and plain.span()), (t, i)


#: the cleaning patterns before they opened with their literal (a look-behind first ran at every character)
_TEXT = load_patterns("text_patterns")
CLEANING_PLAIN = {
    "cite": (_TEXT.cite, re.compile(r"~?\\(?:cite[tp]?|citeauthor|ref|eqref|autoref|cref|label)\*?\{[^{}]*\}")),
}

CLEANING_TEXTS = [
    r"GPT-4~\citep{openai2023} and Sec.~\ref{sec:exp}; \citeauthor{smith} show~\cref*{x} ~ \cite{a}~~\citet{b}",
    r"\\ref{x} \label{} \eqref{e} \autoref{f}~\citep {no} \cites{x} ~\\ \~\cite{y} \\\cite{z}",
    r"*a* **bold** ***x*** * b * a*b* c *d*e **f* *g** \*h\* *i\n*j* (*k*) _*l*_ **",
    "x*y*z *starred*word *ok*. **two**, *one* ** *",
    r"{a} \{b\} \\{c} {{d}} \{} }{ \\\{e",
    r"e.g.\ the 10\,000 \; x\:y \! \\ z \\, \\\, q \, end\ ",
    "",
]


def test_cleaning_patterns_find_what_their_plain_forms_find():
    import kg.text as text_module
    pairs = dict(CLEANING_PLAIN)
    pairs["emphasis"] = (text_module._RE_EMPH, re.compile(r"(?<![\w*])(\*{1,2})(?=\S)([^*\n]+?)(?<=\S)\1(?![\w*])"))
    pairs["braces"] = (text_module._RE_BRACES, re.compile(r"(?<!\\)[{}]"))
    pairs["tex_space"] = (text_module._RE_TEX_SPACE, re.compile(r"(?<!\\)\\[ ,;:!]"))
    for name, (fast, plain) in pairs.items():
        found = [(m.span(), m.groups()) for t in CLEANING_TEXTS for m in fast.finditer(t)]
        assert len(found) >= 4, name  # the sentences exercise the pattern
        assert found == [(m.span(), m.groups()) for t in CLEANING_TEXTS for m in plain.finditer(t)], name
        for t in CLEANING_TEXTS:  # and from every position
            for i in range(len(t)):
                f, p = fast.search(t, i), plain.search(t, i)
                assert (f and (f.span(), f.groups())) == (p and (p.span(), p.groups())), (name, t, i)
