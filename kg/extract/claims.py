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

from collections.abc import Callable

from kg.extract.cues import Cues, fold, load_cues
from kg.datafiles import load_patterns

_P = load_patterns("claim_patterns")  # the expressions of kg/data/patterns/claim_patterns.json, by name
_AND_PROPOSE_VERBS = ("introduce", "propose", "present", "develop", "design")  # the verbs of ``and_propose``: one must occur for it to match


def finds(low: str, cues: Cues) -> bool:
    """True when a folded sentence has a finding cue ("we find that", "stems from")."""
    return cues.finding.search(low) is not None or cues.finding_more.search(low) is not None


def _reports_finding(low: str, cues: Cues) -> bool:
    """True when a folded sentence has a finding cue other than "observed" as an attribute ("the observed
    variance", "from the observed change": a quantity, not what the authors saw).

    >>> from kg.extract.cues import load_cues
    >>> _reports_finding("recall saturates after four passages.", load_cues())
    True
    >>> _reports_finding("its bonus adapts to the observed variance of the returns.", load_cues())
    False
    """
    for m in (*cues.finding.finditer(low), *cues.finding_more.finditer(low)):
        if not (low.startswith("observed", m.start()) and _P.attribute_before.search(low, 0, m.start())):
            return True
    return False


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
    if _P.setting_symbol.search(before) is not None or (cues or load_cues()).setting_before.search(before) is not None:
        return True
    end = _P.value.match(sentence, start)
    if end is not None and _P.setting_after.match(sentence, end.end()):
        return True
    return _P.budget.search(before) is not None and _P.count.match(sentence, start) is not None


def _measures(sentence: str, cues: Cues | None = None) -> bool:
    """True when the sentence states a measured quantity ("by 10%", "3x less compute") that is not a
    setting of the experiment ("a cosine schedule with 5% warmup", "with 20% of the labels").

    >>> _measures("It cuts latency by 40%."), _measures("We train for 90 epochs with 5% warmup.")
    (True, False)
    >>> _measures("We train with 20% of the labels."), _measures("It ends with 18% battery left.")
    (False, True)
    """
    for m in _P.measured.finditer(sentence):
        start = m.start()
        while start > 0 and (sentence[start - 1].isdigit() or sentence[start - 1] in ".,"):
            start -= 1
        if _is_setting(sentence, start, cues):
            continue
        if not (sentence.startswith(" of ", m.end()) and _P.budget.search(sentence[max(0, start - 20):start])):
            return True
    return False


def _states_rate(sentence: str) -> bool:
    """True when the sentence states an asymptotic rate ("converges at O(1/T)", "within $\\tilde{O}(d)$
    oracle calls") that is not the cost of running a method ("a decoder with O(n) memory").

    >>> _states_rate("The margin approaches its limit at a rate of O(1/log t)."), _states_rate("It uses O(n) memory.")
    (True, False)
    """
    if "(" not in sentence:  # every rate ends with its bracket: "O(", "Θ("
        return False
    return any(not _P.asymptotic_cost.match(sentence, m.end()) for m in _P.asymptotic.finditer(sentence))


def find_values(sentence: str, cues: Cues | None = None) -> list[tuple[int, int]]:
    """Spans of numbers-as-results in a (cleaned) sentence: percentages, rates, bounds.

    A bare decimal right after a capitalised word or a name with digits is a version
    (``Llama 3.2``, ``wav2vec 2.0``), not a value.
    """
    out = []
    if _P.value_gate.search(sentence) is None:  # every value has a digit, a currency sign or "("
        return out
    for m in _P.value.finditer(sentence):
        if m.group(0)[0].isdigit() and "." in m.group(0) and _P.version_before.search(sentence, 0, m.start()):
            continue
        if _is_setting(sentence, m.start(), cues):
            continue
        out.append((m.start(), m.end()))
    for m in _P.metric_integer.finditer(sentence):
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
        if not _P.change_from.search(sentence, max(0, a - 16), a):
            out.append((a, b))
            continue
        inner = _P.change_to.search(sentence, a, b)  # one span "12.3% to 8.1%"
        if inner is not None and inner.start() > a:
            out.append((inner.end(), b))
        else:
            out.append((a, b))
    # "from 3.1 to 2.4" found as two spans: drop the first
    return [(a, b) for k, (a, b) in enumerate(out)
            if not (k + 1 < len(out) and _P.change_from.search(sentence, max(0, a - 16), a)
                    and _P.change_to.fullmatch(sentence, b, out[k + 1][0]))]


def draws_consequence(sentence: str) -> bool:
    """Does the folded ``sentence`` open by drawing a consequence of the result before it ("Consequently,
    the number of steps grows ...", "As a result, ...")? Not "Consequently, we evaluate ...".

    >>> draws_consequence("as a result, a full run fits within one night."), draws_consequence("consequently, we evaluate x.")
    (True, False)
    """
    return _P.consequence_opening.match(sentence) is not None


def proposes_nothing(sentences: list[str], cues: Cues) -> bool:
    """True when no sentence announces a method of the paper's own (an analysis, a position paper;
    the caller leaves out the sentences that introduce a benchmark the paper creates). A measure the
    analysis introduces to measure with is no method.

    >>> from kg.extract.cues import load_cues
    >>> proposes_nothing(["We audit 18 models and find that most fail."], load_cues())
    True
    >>> proposes_nothing(["We model the task as a graph and propose a discovery algorithm."], load_cues())
    False
    >>> proposes_nothing(["We introduce a counterfactual measure of how much answers depend on the image."], load_cues())
    True
    """
    for sentence in sentences:
        low = fold(sentence)
        and_proposes = "and " in low and any(v in low for v in _AND_PROPOSE_VERBS) and _P.and_propose.search(low)
        if and_proposes or cues.new_method.search(low) and not _P.measure_intro.search(low):
            return False
    return True


def paper_kind(text: str, cues: Cues) -> str:
    """The kind a claim without kind cues takes: ``theoretical`` in an abstract whose theory
    cues (two or more) outnumber its experiment cues ("To the best of our knowledge, this is the first
    algorithm to ..." in a paper of proofs), else ``empirical``."""
    low = _without_objective_bounds(fold(text))
    th = len(cues.theoretical.findall(low)) + len(cues.theoretical_more.findall(low))
    if th < 2:  # too few theory cues: the experiment cues need no counting
        return "empirical"
    return "theoretical" if th > len(cues.empirical.findall(low)) else "empirical"


def _without_objective_bounds(low: str) -> str:
    """``low`` with the bounds a method optimizes blanked out (same length: offsets carry over).

    >>> _without_objective_bounds("trained by minimizing an upper bound on the loss").split()
    ['trained', 'by', 'on', 'the', 'loss']
    """
    if "bound" not in low:
        return low
    return _P.objective_bound.sub(lambda m: " " * len(m.group()), low)


def _observation(low: str, cues: Cues) -> bool:
    """True when an empirical-looking sentence of a study reports what was observed, not an
    intervention or an experiment of the paper's own (on folded text).

    >>> from kg.extract.cues import load_cues
    >>> _observation("the strongest model answers 54.3% of questions correctly.", load_cues())
    True
    >>> _observation("fine-tuning on accented speech closes 40% of the gap.", load_cues())
    False
    """
    if _P.intervention.match(low) or _P.our_artifact.search(low) or _P.we_intervene.search(low):
        return False
    return all(_P.measure_only.search(m) for m in cues.empirical.findall(low))


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
    # every phrase of evidence_says ends with "that" or "call(s) for"
    m = _P.evidence_says.search(low) if th == 0 and ("that" in low or "call" in low) else None
    if m is None or (m.group().endswith(("show that", "shows that")) and _P.needed.search(low, m.end())):
        return False
    rest = cues.empirical.findall(low[:m.start()] + " " + low[m.end():])
    if low[:m.start()].endswith(("our ", "these ")) or m.group().startswith(("our ", "these ")) \
            or m.group().endswith(("call for", "calls for")):
        return all(_P.topic_only.match(e) for e in rest)  # a verdict may speak of evaluation without running one
    return not rest


def _wins_after_proposal(low: str, cues: Cues) -> bool:
    """True when a proposal sentence goes on to say the proposed method beats something, or what the
    proposed analysis does without (on folded text).

    >>> from kg.extract.cues import load_cues
    >>> _wins_after_proposal("we propose a sparse router that outperforms dense baselines.", load_cues())
    True
    >>> _wins_after_proposal("we give a new analysis that removes the strong convexity assumption.", load_cues())
    True
    >>> _wins_after_proposal("unlike methods that outperform on easy cases, we propose a router.", load_cues())
    False
    """
    m = cues.proposal.search(low)
    return m is not None and _P.proposal_wins.search(low, m.end()) is not None


def _background_led(low: str, cues: Cues) -> bool:
    """True when a sentence speaks of other people's work before stating any result; a result compared
    with earlier work ("This improves the previous bound", "higher than previously reported") is not
    background (on folded text).

    >>> from kg.extract.cues import load_cues
    >>> _background_led("existing methods improve accuracy at a high cost.", load_cues())
    True
    >>> _background_led("this improves the previous bound by a factor of two.", load_cues())
    False
    >>> _background_led("most previous-token heads form within 2% of training.", load_cues())
    False
    """
    m = next((b for b in cues.background.finditer(low) if not low.startswith("-", b.end())), None)
    if m is None:  # "previous-token heads", "existing-data replay": a compound, not other people's work
        return False
    r = cues.result.search(low)
    if r is not None and r.start() < m.start():  # a result before the background: the outcome cue need not be looked for
        return False
    r = cues.outcome.search(low)
    return r is None or r.start() >= m.start()


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
    return m is not None and not (verdict and _P.background_note.match(m.group()))


def speaks_of_own_work(low: str, cues: Cues) -> bool:
    """Whether a (folded) sentence speaks of the paper's own work ("experiments show", "our results"),
    leaving out results said to be other people's ("recent findings from X show", "prior results").

    >>> from kg.extract.cues import load_cues
    >>> speaks_of_own_work("experiments show that it is 2x faster.", load_cues())
    True
    >>> speaks_of_own_work("recent findings from multi-task learning show that related tasks help.", load_cues())
    False
    """
    for m in cues.own_work.finditer(low):
        if not _P.others_results_before.search(low, max(0, m.start() - 40), m.start()):
            return True
    return False


def _observed(low: str) -> bool:
    """True when the authors report the result as observed ("we find that", "we evaluate X and find that").

    >>> _observed("we evaluate nine detectors on four models and find that none is calibrated.")
    True
    >>> _observed("we evaluate nine detectors on four models and show that ours is calibrated.")
    False
    """
    if _P.we_observe.search(low):
        return True
    return "and " in low and _P.and_find.search(low) is not None


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
        low = _P.practical_comparison.sub(lambda m: " " * len(m.group()), low)
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
    m = _P.we_show.search(low)
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
    if sentence.rstrip().endswith("?"):  # a question asks, it states no result
        return None, 0.1
    low = _without_objective_bounds(fold(sentence))
    measured = _measures(sentence, cues)
    own = mentions_own_method or speaks_of_own_work(low, cues) \
        or late and (measured or _P.it_subject.search(low) is not None or _P.outperform.search(low) is not None)
    if not own and after_own and (late or study or measured or _P.achieves_theory.search(low) is not None
                                  or _reports_finding(low, cues)):
        own = not _background_led(low, cues)  # asked once, though a late sentence after the paper's own work meets both tests
    if not own:
        return None, 0.1
    purpose = _P.purpose.match(sentence)  # "To validate X, we ..." states an intent
    result = len(cues.result.findall(low, purpose.end() if purpose else 0))
    if result == 0 and cues.outcome.search(low, purpose.end() if purpose else 0):
        result = 1  # "The sample quality is unchanged", "Recovering the support is NP-hard"
    if result == 0 and (late or after_own) and (measured or _states_rate(sentence)):
        result = 1  # "up to 23% of solutions contain errors", "the margin converges at O(1/log t)": the value is the result
    if result == 0 and (_P.applied_opening.match(low) or (late or after_own) and draws_consequence(low)):
        result = 1  # "Applied to climate data, it uncovers ...", "Consequently, a round fits within ..."
    if result == 0:
        return None, 0.1
    verdict = _P.verdict_opening.match(low)
    if _not_claim(low, cues, verdict) or (cues.not_claim_opening.match(low) and not mentions_own_method
                                          and not (late and after_own and measured)):
        return None, 0.1
    if purpose:
        low = low[purpose.end():]
    source = _P.source_opening.match(low)
    if source:
        low = low[source.end():]
    if index == 0 and not _P.we.search(low) and not mentions_own_method:
        return None, 0.2
    th = _theory_count(low, cues) + _shown_theory(low, cues)
    if cues.proposal.search(low) and result < 2 and th < 2 and not _P.and_result.search(low) \
            and not measured and not _P.result_opening.match(low) and not _P.theory_object.search(low) \
            and not _wins_after_proposal(low, cues) and not verdict and not _P.record_set.search(low):
        return None, 0.3  # announces a contribution without a result
    fi = len(cues.finding.findall(low)) + len(cues.finding_more.findall(low))
    em = len(cues.empirical.findall(low)) + len(_P.practical_comparison.findall(low))
    if th == fi == em == 0:
        # "The communication cost is unchanged", "It is 40 times faster": an outcome measured, whatever the paper's kind
        kind = "empirical" if measured or cues.measured_quantity.search(low) else prior() if callable(prior) else prior
    elif th > em and th >= fi:
        kind = "theoretical"
    elif fi > em and fi > th:
        kind = "finding"
    elif th == em and th >= fi and (min(_first(cues.theoretical, low), _first(cues.theoretical_more, low))
                                    < _first(cues.empirical, low)
                                    or _P.achieves_theory.search(low)):
        kind = "theoretical"
    elif fi == em and fi > th and not mentions_own_method and _P.we_find.search(low):
        kind = "finding"  # "we observe that accuracy drops by 31%": an observation, not the method's result
    else:
        kind = "empirical"
    if kind == "empirical" and th and _P.proof_lead.match(low):
        kind = "theoretical"  # "We prove that ..., and show on six benchmarks that ...": the leading result sets the kind
    elif kind == "theoretical" and _P.experimental_opening.match(low) and not _P.proven.search(low):
        kind = "empirical"  # "On TUDataset benchmarks, the bound tracks the observed gap": an experiment's outcome
    if kind != "finding" and (_observed(low) and not (kind == "theoretical" and th >= 2)
                              or th == 0 and "and " in low and _P.study_and_show.search(low)):
        kind = "finding"  # "we find that accuracy drops by 35%": reported as observed
    if kind == "empirical" and (_evidence_says(low, cues, th)
                                or (study and not mentions_own_method and _observation(low, cues)
                                    and (prior() if callable(prior) else prior) != "theoretical")):
        kind = "finding"  # in a paper of proofs, an experiment on the algorithm it studies is its own, not an observation
    confidence = min(0.95, 0.45 + 0.1 * result + (0.1 if mentions_own_method else 0) + 0.05 * max(th, fi, em))
    return kind, round(confidence, 2)
