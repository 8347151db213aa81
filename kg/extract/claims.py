"""Claim sentences: is a sentence a result the authors assert, of which kind, with what value.

>>> from kg.extract.cues import load_cues
>>> c = load_cues()
>>> classify_sentence("Experiments show that our method outperforms PPO on MuJoCo.", 3, c, False)[0]
'empirical'
>>> classify_sentence("We prove that the algorithm converges at a linear rate.", 3, c, False)[0]
'theoretical'
>>> classify_sentence("Reinforcement learning has attracted growing attention.", 0, c, False)[0] is None
True
>>> find_values("achieves 58.7% LC win rate and +2K steps per second, 3x faster")
[(9, 14), (31, 51), (53, 55)]
"""
from __future__ import annotations

import re
from collections.abc import Callable

from kg.extract.cues import Cues, fold, load_cues

_VALUE = re.compile(
    r"[+\-−]?\d+(?:[.,]\d+)?\s?%(?:\s?(?:-|–|to)\s?\d+(?:\.\d+)?\s?%)?"  # 58.7%, 38.2% - 69.2%
    r"|[+\-]?\d+(?:\.\d+)?[KMB]?\+?\s(?:steps|timesteps|samples|tokens|frames|images|episodes|queries|trajectories|turns|rounds|iterations|evaluations|calls)(?:\sper\s(?:second|step|episode))?"
    r"|\b\d+(?:\.\d+)?\s?(?:x|×)(?=\W)"  # 3x faster
    r"|[$€£]\s?\d+(?:\.\d+)?(?:\s(?:per|/)\s\w+)?"  # $1 per task
    r"|[+\-]?\d+(?:\.\d+)?(?:\s?(?:-|–|to)\s?\d+(?:\.\d+)?)?\s(?:points|pp|percentage points|BLEU|FID|dB)\b"  # 4.1 points, 5 to 9 points
    r"|[+\-]?\d+(?:\.\d+)?\s?(?:ms|seconds|minutes|hours|GPU-hours|days|nats|bits|eV|KB|MB|GB|point)\b"  # 120 ms, 0.08 nats
    r"|\b\d+ (?:of|out of) (?:the |all )?\d+\b(?![.,]\d|\s?%)"  # state of the art on 7 of 9 tasks
    r"|\b\d+(?:\.\d+)?(?:\s?(?:-|–|to)\s?\d+(?:\.\d+)?)?\stimes(?=\s(?:higher|lower|faster|slower|more|less|fewer|larger|smaller|better|cheaper)\b)"  # 2.5 times higher
    r"|(?<=score of )\d{1,3}(?:,\d{3})+\b"  # a mean score of 6,400
    r"|\b[A-Za-z]\^[\-−]?(?:\([^()]*\)|[^\s,;()])+"  # the rate n^-α/(2α + d) (a $...$ formula, cleaned)
    r"|(?<![\w.\-])\d*\.\d+(?![\w%]|\.\d)"  # 0.999, an FID of 2.1 (also before a full stop)
    r"|[ÕOΘΩ]\s?\([^()]*(?:\([^()]*\)[^()]*)*\)"  # O(√K)
)
# "by 10%", "3x less compute", "by 4.1 points", "2.5 times higher", "solves 10 of the 12 tasks"
_MEASURED = re.compile(r"\d\s?%|\d\s?[x×](?!\w)|\d (?:points?|pp|percentage points)\b"
                       r"|\d times (?:higher|lower|faster|slower|more|less|fewer|larger|smaller|better|cheaper)\b"
                       r"|\d(?<![\w]\d)\d* (?:of|out of) (?:the |all )?\d+\b|\d (?:[a-z]+ )?per second\b")
# (every alternative opens with a digit, so the engine skips to the digits: ``\d(?<![\w]\d)`` is
# ``\b\d`` written digit-first)
_VALUE_GATE = re.compile(r"[\d$€£(]")
_PURPOSE = re.compile(r"^\s*(?:To|In order to)\s[^,]{0,160},")
# "Guided by these observations, we propose X, which improves ...": the opening names where the
# result came from, not its kind (on folded text)
_SOURCE_OPENING = re.compile(r"^\s*(?:based on|guided by|grounded in|building on|motivated by|in light of) [^,]{0,160},")
_WE = re.compile(r"\b(?:we|our)\b")  # on folded text
# "we propose X and prove that ...": a proposal that also states a result (on folded text)
# "it achieves ...", "It also generalizes ...": in the second half of an abstract, the pronoun names the
# paper's method (earlier it is as likely other people's: "TabPFN ..., but it is limited to ...")
_IT_SUBJECT = re.compile(r"\b(?:it|this) (?:improves|outperforms|surpasses|reduces|attains|matches)\b"
                         r"|^it (?:also |further |additionally |consistently |even )?[a-z]+s\b")
# late in an abstract, whatever outperforms something is the paper's method (or its finding)
_OUTPERFORM = re.compile(r"\b(?:outperform|surpass)")
# "we find that ... and propose ...": the result comes first (on folded text)
# "Using a simple re-analysis of X, we show that ...", "We also establish that ..."
_RESULT_OPENING = re.compile(r"(?:[^,.;]{0,120}, )?(?:\w+,? )?we (?:first |further |also |then )?"
                             r"(?:find|show|prove|observe|identify|demonstrate|reveal|conclude|establish that)\b")
_WE_FIND = re.compile(r"\bwe (?:\w+ ){0,2}?(?:find|observe|reveal|uncover|notice|trace)\b")
# "we find that ...", "We also observe that ...": what the authors report as observed is a finding, whatever
# it measures ("we find that accuracy drops by 35%") (on folded text)
_WE_OBSERVE = re.compile(r"\bwe (?:\w+ ){0,2}?(?:find|observe|uncover|notice)\b")
# "We evaluate eleven detectors on six models and find that ...": a study whose outcome is reported as
# observed (on folded text)
_AND_FIND = re.compile(r"\bwe\b[^.;:]{0,200}?\band (?:then |also |further )?(?:find|observe|uncover|notice)s?\b")
# "Our results suggest that X is a promising direction", "Taken together, these findings indicate that ...":
# the paper's own evidence read as a verdict, a finding even when it sounds like a proposal or like
# background (on folded text)
_VERDICT_OPENING = re.compile(r"(?:\w+(?: \w+)?, )?(?:our|these|such) (?:[\w-]+ )?(?:results|findings|experiments|analys[ie]s"
                              r"|observations) (?:\w+ )?(?:suggest|indicate)s?\b")
# a not-claim cue that marks background ("is a promising approach"), not a note about the paper itself
_BACKGROUND_NOTE = re.compile(r"(?:is|are) (?:a|an) ")
# "RAPID converges faster than ManPG", "attains lower cumulative regret than LinUCB": a comparison run
# against other methods, an experimental outcome whatever theory words it uses (on folded text)
_PRACTICAL_COMPARISON = re.compile(r"\b(?:converge[sd]?|converging) (?:[\w.]+ ){0,2}?faster than\b"
                                   r"|\b(?:lower|smaller|less|higher) (?:[\w-]+ ){0,2}?regret than\b")
# "by minimizing an upper bound on the error", "maximizes the evidence lower bound": a bound the
# method optimizes is part of its description, not a proven result (on folded text)
_OBJECTIVE_BOUND = re.compile(r"\b(?:minimi[sz]|maximi[sz]|optimi[sz]|tighten)\w* (?:an? |the |its |their )?(?:[\w-]+ ){0,2}?bound\b")
# "we establish convergence rates ...", "we derive regret bounds ...": a contribution that is itself a result
_THEORY_OBJECT = re.compile(r"\bwe (?:\w+ )?(?:establish|derive|obtain|provide|give|present)\w* (?:[\w-]+ ){0,3}?"
                            r"(?:rates?|bounds?|guarantees?|convergence|regret|sample complexity)\b")
# an empirical cue that only says something was measured ("31.5%", "tasks", "datasets"), or names other
# people's "baselines", not that the paper's method was run: in a study, it marks an observation (on the
# folded cue match)
_MEASURE_ONLY = re.compile(r"\d|\b(?:tasks|datasets?|benchmarks?|baselines?)\b")
# "Fine-tuning on two hours of speech closes half the gap", "Prompting models to ... raises detection":
# an intervention the study made (empirical), unlike an opening clause ("Training X on Y, we observe");
# also as a that-clause: "we show that ablating these features degrades accuracy"
_INTERVENTION = re.compile(r"(?:.*?\bthat )?(?:\w+ly,? )?(?!during\b|following\b|according\b|including\b|regarding\b|notwithstanding\b)"
                           r"[a-z]+(?:-[a-z]+)?ing\b(?![^,]*, (?:we|our)\b)")
# "We analyze X and propose a Y", beyond the reach of the roles' new_method cue (on folded text)
_AND_PROPOSE = re.compile(r"\bwe\b[^.;]{0,160}?\band (?:then )?(?:introduce|propose|present|develop|design)s? (?:a|an|the)\b")
_AND_PROPOSE_VERBS = ("introduce", "propose", "present", "develop", "design")  # one must occur for it to match
# "we train a ResNet ... and show that per-layer clipping recovers 3%": the study ran an intervention
_WE_INTERVENE = re.compile(r"\bwe (?:\w+ )?(?:train|retrain|fine-tune|finetune|apply|prune|ablate|steer|patch|modify|replace)\b")
# "our uncertainty penalty delays ...": an artifact of the paper's own, not its study or results
_OUR_ARTIFACT = re.compile(r"\bour (?!(?:results?|findings?|analys[ie]s|study|studies|experiments?|evaluations?|survey|audit|"
                           r"benchmark|dataset|measurements?|observations?)\b)")
# "Ablations indicate that X accounts for most of the gain", "These results suggest that ...": what the
# evidence says is a finding, unless the rest of the sentence is an experimental outcome (on folded text)
# "An ablation in Tab. 4 shows that ...", "Visualizations (Fig. 6) show that ...", "Saliency maps indicate
# that ...": what an analysis shows, unless the rest is a measured outcome ("... drops accuracy by 4%")
_EVIDENCE_SAYS = re.compile(r"\b(?:results|findings|analys[ie]s|experiments|ablations?|evidence|observations|stud(?:y|ies)"
                            r"|visuali[sz]ations?|probing|probes|(?:saliency|attention|activation) maps) "
                            r"(?:\w+ ){0,2}?(?:suggest|indicate|reveal)s? that\b"
                            r"|\b(?:ablations?|(?:[\w-]+ )?analys[ie]s|visuali[sz]ations?|probing|probes"
                            r"|(?:saliency|attention|activation) maps) (?:[\w.()]+ ){0,3}?shows? that\b"
                            r"|\b(?:our|these) (?:results|findings) (?:\w+ )?show that\b"
                            r"|\b(?:results|findings|stud(?:y|ies)|analys[ie]s|work) (?:\w+ )?calls? for\b")
# what the evidence speaks about, not an experiment run: "calls for careful evaluation", "benchmark design"
_TOPIC_ONLY = re.compile(r"evaluat|benchmark|datasets?$|tasks$")
# "ablations show that both parts are needed": a component test, an experimental outcome
_NEEDED = re.compile(r"\b(?:necessary|needed|essential|required|indispensable)\b")
# "achieves a coverage-dependent guarantee": what is achieved is a proven result (on folded text)
_ACHIEVES_THEORY = re.compile(r"\b(?:achiev|attain|enjoy|admit)\w* (?:an? |the |its )?(?:[\w-]+ ){0,3}?"
                              r"(?:guarantees?|bounds?|rates?|regret|sample complexity|convergence)\b")
# "We show that X is unbiased": the verb of a proof when what is shown is a formal property (the
# ``claims``/``theory_object`` cues), searched from the end of this match (on folded text)
_WE_SHOW = re.compile(r"\bwe (?:also |further |then |additionally |formally )?show that\b")
# "We revisit X and show that ...", "We analyze X and show that ...": what a study shows about its object
# is a finding unless theory cues make it a proof (on folded text)
_STUDY_AND_SHOW = re.compile(r"\bwe (?:first |also |further |then )?(?:analy[sz]e|revisit|study|investigate|audit|trace|examine|dissect)\b"
                             r"[^.;:]{0,200}?\band (?:then |also |further )?show that\b")
_AND_RESULT = re.compile(r"\band (?:we )?(?:(?:theoretically|empirically|formally|further) )?(?:prove|show|demonstrate|establish|verify)s?\b")
# "We propose X, which builds on Y and outperforms Z": a proposal that also states a comparison won (on folded text)
_PROPOSAL_WINS = re.compile(r"\b(?:outperform|surpass|beat)(?:s|ing)?\b")
# "Applied to climate data, it uncovers ...": the paper's method put to use, an outcome (on folded text)
_APPLIED_OPENING = re.compile(r"\s*applied to [^,.;]{2,100}, (?!(?:existing|prior|previous|current|standard|conventional)\b)")


# Llama 3.2, wav2vec 2.0; a cross-reference: Sec. 6.2, Thm. 4.2
_VERSION_BEFORE = re.compile(r"(?:[A-Z][\w\-]*\.?|[a-z]+\d[\w\-]*|v|version|Python|CUDA)\s?$")
# a value set, not measured: "with γ = 0.99", "a temperature of 0.7", "(p < 0.01)" (the setting nouns are
# ``Cues.setting_before``, from the ``claims``/``setting`` list of cues.json)
_SETTING_SYMBOL = re.compile(r"\b(?:with|using|use|set(?:ting)?|fix(?:ing)?|choos(?:e|ing)|where|when|at|for|under)\b[^,;:()]{0,40}?"
                             r"(?<![\w\\])[A-Za-zα-ωΑ-Ω](?:_\{?\w+\}?)?\s?[=≈]\s?$", re.IGNORECASE)
# "with 40% label noise", "95% confidence intervals": a condition of the experiment, named after the value
_SETTING_AFTER = re.compile(r"\s?(?:(?:label |feature |annotation )?noise|confidence|credible|masking|missing|warm-?up)\b",
                            re.IGNORECASE)
# an integer score: "an Elo rating of 1,250", "a BLEU of 34" (a bare integer is otherwise a count, not a value)
_METRIC_INTEGER = re.compile(r"\b(?:score|rating|elo|fvd|fid|bleu|rouge(?:-\w+)?|chrf|mos|reward|return)s? (?:of |= ?)"
                             r"(\d{1,3}(?:,\d{3})+|\d+)(?![\d.,]*\d|\s?%|\w)", re.IGNORECASE)
# "with only 64 of 576 tokens": a count the method is given, not one it achieves
_BUDGET = re.compile(r"\b(?:with|using|given|keeping) (?:only |just )?$", re.IGNORECASE)
_COUNT = re.compile(r"\d+ (?:of|out of) ")
# "from 27.5% to 11.9%": the value reached (not "ranging from 3 to 9")
_FROM = re.compile(r"(?<!ranging )(?<!varying )(?<!ranges )(?<!varies )\bfrom\s$")
_FROM_TO = re.compile(r"\s?(?:to|→)\s?")


def finds(low: str, cues: Cues) -> bool:
    """True when a folded sentence has a finding cue ("we find that", "stems from")."""
    return cues.finding.search(low) is not None or cues.finding_more.search(low) is not None


def _is_setting(sentence: str, start: int, cues: Cues | None = None) -> bool:
    """True when the value at ``start`` is a setting of the experiment (a hyperparameter, a significance level).

    >>> at = lambda s, v: _is_setting(s, s.index(v))
    >>> at("trained with γ = 0.99 for 10 tasks", "0.99"), at("a discount of 0.99", "0.99")
    (True, True)
    >>> at("an accuracy of 0.91", "0.91"), at("is significant (p < 0.01)", "0.01"), at("reaches τ = 0.71", "0.71")
    (False, True, False)
    >>> at("with 40% label noise", "40%"), at("its 95% confidence intervals", "95%")
    (True, True)
    """
    before = sentence[max(0, start - 60):start]
    if _SETTING_SYMBOL.search(before) is not None or (cues or load_cues()).setting_before.search(before) is not None:
        return True
    end = _VALUE.match(sentence, start)
    if end is not None and _SETTING_AFTER.match(sentence, end.end()):
        return True
    return _BUDGET.search(before) is not None and _COUNT.match(sentence, start) is not None


def _measures(sentence: str, cues: Cues | None = None) -> bool:
    """True when the sentence states a measured quantity ("by 10%", "3x less compute") that is not a
    setting of the experiment ("a cosine schedule with 5% warmup", "with 20% of the labels").

    >>> _measures("It cuts latency by 40%."), _measures("We train for 90 epochs with 5% warmup.")
    (True, False)
    >>> _measures("We train with 20% of the labels."), _measures("It ends with 18% battery left.")
    (False, True)
    """
    for m in _MEASURED.finditer(sentence):
        start = m.start()
        while start > 0 and (sentence[start - 1].isdigit() or sentence[start - 1] in ".,"):
            start -= 1
        if _is_setting(sentence, start, cues):
            continue
        if not (sentence.startswith(" of ", m.end()) and _BUDGET.search(sentence[max(0, start - 20):start])):
            return True
    return False


def find_values(sentence: str, cues: Cues | None = None) -> list[tuple[int, int]]:
    """Spans of numbers-as-results in a (cleaned) sentence: percentages, rates, bounds.

    A bare decimal right after a capitalised word or a name with digits is a version
    (``Llama 3.2``, ``wav2vec 2.0``), not a value.
    """
    out = []
    if _VALUE_GATE.search(sentence) is None:  # every value has a digit, a currency sign or "("
        return out
    for m in _VALUE.finditer(sentence):
        if m.group(0)[0].isdigit() and "." in m.group(0) and _VERSION_BEFORE.search(sentence, 0, m.start()):
            continue
        if _is_setting(sentence, m.start(), cues):
            continue
        out.append((m.start(), m.end()))
    for m in _METRIC_INTEGER.finditer(sentence):
        if not any(a <= m.start(1) < b for a, b in out):
            out.append(m.span(1))
    return _reached(sentence, sorted(out))


def _reached(sentence: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``spans`` with "from A to B" read as the value reached, B.

    >>> s = "cuts the error from 12.3% to 8.1% and the FID from 3.1 to 2.4"
    >>> [s[a:b] for a, b in _reached(s, find_values(s))]
    ['8.1%', '2.4']
    """
    out: list[tuple[int, int]] = []
    for a, b in spans:
        if not _FROM.search(sentence, max(0, a - 16), a):
            out.append((a, b))
            continue
        inner = _FROM_TO.search(sentence, a, b)  # one span "12.3% to 8.1%"
        if inner is not None and inner.start() > a:
            out.append((inner.end(), b))
        else:
            out.append((a, b))
    # "from 3.1 to 2.4" found as two spans: drop the first
    return [(a, b) for k, (a, b) in enumerate(out)
            if not (k + 1 < len(out) and _FROM.search(sentence, max(0, a - 16), a)
                    and _FROM_TO.fullmatch(sentence, b, out[k + 1][0]))]


def proposes_nothing(sentences: list[str], cues: Cues) -> bool:
    """True when no sentence announces a method of the paper's own (an analysis, a position paper;
    the caller leaves out the sentences that introduce a benchmark the paper creates).

    >>> from kg.extract.cues import load_cues
    >>> proposes_nothing(["We audit 18 models and find that most fail."], load_cues())
    True
    >>> proposes_nothing(["We model the task as a graph and propose a discovery algorithm."], load_cues())
    False
    """
    for sentence in sentences:
        low = fold(sentence)
        if cues.new_method.search(low) or ("and " in low and any(v in low for v in _AND_PROPOSE_VERBS)
                                             and _AND_PROPOSE.search(low)):
            return False
    return True


def paper_kind(text: str, cues: Cues) -> str:
    """The kind a claim without kind cues takes: ``theoretical`` in an abstract whose theory
    cues (two or more) outnumber its experiment cues ("To the best of our knowledge, this is the first
    algorithm to ..." in a paper of proofs), else ``empirical``."""
    low = _without_objective_bounds(fold(text))
    th = len(cues.theoretical.findall(low)) + len(cues.theoretical_more.findall(low))
    return "theoretical" if th >= 2 and th > len(cues.empirical.findall(low)) else "empirical"


def _without_objective_bounds(low: str) -> str:
    """``low`` with the bounds a method optimizes blanked out (same length: offsets carry over).

    >>> _without_objective_bounds("trained by minimizing an upper bound on the loss").split()
    ['trained', 'by', 'on', 'the', 'loss']
    """
    if "bound" not in low:
        return low
    return _OBJECTIVE_BOUND.sub(lambda m: " " * len(m.group()), low)


def _observation(low: str, cues: Cues) -> bool:
    """True when an empirical-looking sentence of a study reports what was observed, not an
    intervention or an experiment of the paper's own (on folded text).

    >>> from kg.extract.cues import load_cues
    >>> _observation("the strongest model answers 54.3% of questions correctly.", load_cues())
    True
    >>> _observation("fine-tuning on accented speech closes 40% of the gap.", load_cues())
    False
    """
    if _INTERVENTION.match(low) or _OUR_ARTIFACT.search(low) or _WE_INTERVENE.search(low):
        return False
    return all(_MEASURE_ONLY.search(m) for m in cues.empirical.findall(low))


def _evidence_says(low: str, cues: Cues, th: int) -> bool:
    """True when the sentence reports what evidence suggests ("Ablations indicate that ..."), with no
    theory and no experimental outcome beside it (on folded text).

    >>> from kg.extract.cues import load_cues
    >>> _evidence_says("ablations indicate that the gate matters most.", load_cues(), 0)
    True
    >>> _evidence_says("experiments indicate that it outperforms ppo on 5 tasks.", load_cues(), 0)
    False
    >>> _evidence_says("an ablation shows that the gate accounts for most of the gain.", load_cues(), 0)
    True
    >>> _evidence_says("ablations show that both losses are needed.", load_cues(), 0)
    False
    >>> _evidence_says("our results call for reporting compute in every evaluation.", load_cues(), 0)
    True
    >>> _evidence_says("our results show that the adapter outperforms full fine-tuning.", load_cues(), 0)
    False
    """
    m = _EVIDENCE_SAYS.search(low) if th == 0 else None
    if m is None or (m.group().endswith(("show that", "shows that")) and _NEEDED.search(low, m.end())):
        return False
    rest = cues.empirical.findall(low[:m.start()] + " " + low[m.end():])
    if low[:m.start()].endswith(("our ", "these ")) or m.group().startswith(("our ", "these ")) \
            or m.group().endswith(("call for", "calls for")):
        return all(_TOPIC_ONLY.match(e) for e in rest)  # a verdict may speak of evaluation without running one
    return not rest


def _wins_after_proposal(low: str, cues: Cues) -> bool:
    """True when a proposal sentence goes on to say the proposed method beats something (on folded text).

    >>> from kg.extract.cues import load_cues
    >>> _wins_after_proposal("we propose a sparse router that outperforms dense baselines.", load_cues())
    True
    >>> _wins_after_proposal("unlike methods that outperform on easy cases, we propose a router.", load_cues())
    False
    """
    m = cues.proposal.search(low)
    return m is not None and _PROPOSAL_WINS.search(low, m.end()) is not None


def _background_led(low: str, cues: Cues) -> bool:
    """True when a sentence speaks of other people's work before stating any result; a result compared
    with earlier work ("This improves the previous bound", "higher than previously reported") is not
    background (on folded text).

    >>> from kg.extract.cues import load_cues
    >>> _background_led("existing methods improve accuracy at a high cost.", load_cues())
    True
    >>> _background_led("this improves the previous bound by a factor of two.", load_cues())
    False
    """
    m = cues.background.search(low)
    if m is None:
        return False
    return all(r is None or r.start() >= m.start() for r in (cues.result.search(low), cues.outcome.search(low)))


def _not_claim(low: str, cues: Cues, verdict) -> bool:
    """True when a not-claim cue holds; after a verdict opening, "X is a promising route" is the verdict.

    >>> from kg.extract.cues import load_cues
    >>> c = load_cues()
    >>> _not_claim("our results suggest that sparse probes are a promising tool.", c, True)
    False
    >>> _not_claim("sparse probes are a promising tool for interpretability.", c, None)
    True
    """
    m = cues.not_claim.search(low)
    return m is not None and not (verdict and _BACKGROUND_NOTE.match(m.group()))


def _observed(low: str) -> bool:
    """True when the authors report the result as observed ("we find that", "we evaluate X and find that").

    >>> _observed("we evaluate nine detectors on four models and find that none is calibrated.")
    True
    >>> _observed("we evaluate nine detectors on four models and show that ours is calibrated.")
    False
    """
    if _WE_OBSERVE.search(low):
        return True
    return "and " in low and _AND_FIND.search(low) is not None


def _theory_count(low: str, cues: Cues) -> int:
    """How many theory cues a (folded) sentence has, leaving out those inside a comparison with other
    methods run in practice ("converges faster than SGD", "lower regret than LinUCB").

    >>> from kg.extract.cues import load_cues
    >>> _theory_count("in simulations, it attains lower cumulative regret than linucb.", load_cues())
    0
    >>> _theory_count("we prove that it attains a regret bound of o(sqrt(t)).", load_cues()) > 1
    True
    """
    if "than" in low:
        low = _PRACTICAL_COMPARISON.sub(lambda m: " " * len(m.group()), low)
    return len(cues.theoretical.findall(low)) + len(cues.theoretical_more.findall(low))


def _shown_theory(low: str, cues: Cues) -> int:
    """How many theory cues "we show that" adds (on folded text): 2 when what is shown is a formal
    property (the verb of a proof and its object), 1 when a theory cue follows it, else 0.

    >>> from kg.extract.cues import load_cues
    >>> _shown_theory("we show that the estimator is unbiased.", load_cues())
    2
    >>> _shown_theory("we show that it achieves exact recovery above the threshold.", load_cues())
    1
    >>> _shown_theory("we show that the adapter outperforms lora on 5 tasks.", load_cues())
    0
    """
    if "show that" not in low:
        return 0
    m = _WE_SHOW.search(low)
    if m is None:
        return 0
    if cues.theory_object.search(low, m.end()) is not None:
        return 2
    return int(cues.theoretical.search(low, m.end()) is not None or cues.theoretical_more.search(low, m.end()) is not None)


def _first(pattern, text: str) -> int:
    m = pattern.search(text)
    return m.start() if m else len(text)


def classify_sentence(sentence: str, index: int, cues: Cues, mentions_own_method: bool,
                      *, late: bool = False, prior: str | Callable[[], str] = "empirical",
                      after_own: bool = False, study: bool = False) -> tuple[str | None, float]:
    """``(kind, confidence)`` of a claim sentence, or ``(None, p)`` when it is not a claim.

    ``index`` is the sentence's position in the abstract (the first one is usually
    background); ``mentions_own_method`` is true when it names what the paper proposes;
    ``late`` is true in the second half of the abstract, where a sentence stating a
    measured value ("Fine-tuning X improves recall by 10%", "3x less compute") reports the
    paper's own result even without "we"; ``prior`` is the kind of a claim without kind
    cues (:func:`paper_kind`), or a function giving it (called only when needed);
    ``after_own`` is true once the abstract has spoken of its own work; ``study`` is true in a
    paper that proposes no method (an analysis, a benchmark), where an outcome measured on other
    people's models ("the best model detects only 31.5% of ...") is a finding.
    """
    low = _without_objective_bounds(fold(sentence))
    measured = _measures(sentence, cues)
    own = mentions_own_method or cues.own_work.search(low) is not None \
        or (late and (measured or _IT_SUBJECT.search(low) is not None
                      or _OUTPERFORM.search(low) is not None
                      or (after_own and not _background_led(low, cues)))) \
        or (after_own and (study or measured or _ACHIEVES_THEORY.search(low) is not None)
            and not _background_led(low, cues))
    if not own:
        return None, 0.1
    purpose = _PURPOSE.match(sentence)  # "To validate X, we ..." states an intent
    result = len(cues.result.findall(low, purpose.end() if purpose else 0))
    if result == 0 and cues.outcome.search(low, purpose.end() if purpose else 0):
        result = 1  # "The sample quality is unchanged", "Recovering the support is NP-hard"
    if result == 0 and (late or after_own) and measured:
        result = 1  # "up to 23% of solutions contain errors": the measured value is the result
    if result == 0 and _APPLIED_OPENING.match(low):
        result = 1
    verdict = _VERDICT_OPENING.match(low)
    if result == 0 or _not_claim(low, cues, verdict) or (cues.not_claim_opening.match(low) and not mentions_own_method
                                                     and not (late and after_own and measured)):
        return None, 0.1
    if purpose:
        low = low[purpose.end():]
    source = _SOURCE_OPENING.match(low)
    if source:
        low = low[source.end():]
    if index == 0 and not _WE.search(low) and not mentions_own_method:
        return None, 0.2
    th = _theory_count(low, cues) + _shown_theory(low, cues)
    if cues.proposal.search(low) and result < 2 and th < 2 and not _AND_RESULT.search(low) \
            and not measured and not _RESULT_OPENING.match(low) and not _THEORY_OBJECT.search(low) \
            and not _wins_after_proposal(low, cues) and not verdict:
        return None, 0.3  # announces a contribution without a result
    fi = len(cues.finding.findall(low)) + len(cues.finding_more.findall(low))
    em = len(cues.empirical.findall(low)) + len(_PRACTICAL_COMPARISON.findall(low))
    if th == fi == em == 0:
        # "The communication cost is unchanged": an outcome measured, whatever the paper's kind
        kind = "empirical" if cues.measured_quantity.search(low) else prior() if callable(prior) else prior
    elif th > em and th >= fi:
        kind = "theoretical"
    elif fi > em and fi > th:
        kind = "finding"
    elif th == em and th >= fi and (min(_first(cues.theoretical, low), _first(cues.theoretical_more, low))
                                    < _first(cues.empirical, low)
                                    or _ACHIEVES_THEORY.search(low)):
        kind = "theoretical"
    elif fi == em and fi > th and not mentions_own_method and _WE_FIND.search(low):
        kind = "finding"  # "we observe that accuracy drops by 31%": an observation, not the method's result
    else:
        kind = "empirical"
    if kind != "finding" and (_observed(low) and not (kind == "theoretical" and th >= 2)
                              or th == 0 and "and " in low and _STUDY_AND_SHOW.search(low)):
        kind = "finding"  # "we find that accuracy drops by 35%": reported as observed
    if kind == "empirical" and (_evidence_says(low, cues, th)
                                or (study and not mentions_own_method and _observation(low, cues))):
        kind = "finding"
    confidence = min(0.95, 0.45 + 0.1 * result + (0.1 if mentions_own_method else 0) + 0.05 * max(th, fi, em))
    return kind, round(confidence, 2)
