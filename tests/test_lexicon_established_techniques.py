"""Established techniques of every ML area are lexicon algorithms: abstracts name them by long form,
acronym, lower-case name or variant, and each resolves to its own concept (a variant under its family).
Forms that are also ordinary phrases are guarded: "extra gradient evaluations" is no extragradient
method, "random feature selection" no random-feature model, "Hits@10" no HITS, "we sort" no SORT."""
import pytest

from kg.records import Paper


def found(extractor, text: str) -> dict[str, tuple[str, str]]:
    """``{lexicon id: (type, name as written)}`` of the lexicon concepts found in one paper."""
    ex = next(extractor.extract([Paper("p", text)]))
    return {m.lexicon_id: (m.type, m.name) for m in ex.mentions if m.lexicon_id}


@pytest.mark.parametrize("surface, expected", [
    # reinforcement learning and bandits
    ("Data-Efficient Rainbow", "data-efficient-rainbow"), ("universal value function approximators", "uvfa"),
    ("Bayes-UCB", "bayes-ucb"), ("sequential halving", "sequential-halving"), ("LQG control", "lqg"),
    # language
    ("diverse beam search", "diverse-beam-search"), ("bi-encoders", "bi-encoder"), ("SimCSE", "simcse"),
    ("sequence-level knowledge distillation", "sequence-level-kd"), ("adapter layers", "adapters"),
    # vision
    ("RoIAlign", "roialign"), ("Soft-NMS", "soft-nms"), ("histograms of oriented gradients", "hog"),
    ("Lucas–Kanade", "lucas-kanade"), ("fully convolutional networks", "fully-convolutional-network"),
    ("DINO detector", "dino-detr"), ("ByteTrack", "bytetrack"), ("NeRF in the Wild", "nerf-w"),
    # generative
    ("StyleGAN-XL", "stylegan-xl"), ("VP-SDE", "vp-sde"), ("KL annealing", "kl-annealing"),
    ("two time-scale update rule", "ttur"),
    # optimization
    ("one-cycle policy", "one-cycle-policy"), ("best-first search", "best-first-search"),
    ("input convex neural networks", "icnn"), ("pairwise Frank-Wolfe", "pairwise-frank-wolfe"),
    # graph
    ("gated graph neural networks", "ggnn"), ("TransR", "transr"), ("normalized cuts", "normalized-cuts"),
    # science
    ("Dormand–Prince method", "dormand-prince"), ("velocity Verlet integrator", "verlet-integration"),
    ("exponential integrators", "exponential-integrators"), ("τ-leaping", "tau-leaping"),
    # probabilistic, statistics and causal inference
    ("Pareto smoothed importance sampling", "psis"), ("random-walk Metropolis-Hastings", "random-walk-metropolis"),
    ("continuous-time Markov chains", "continuous-time-markov-chain"), ("Ledoit–Wolf shrinkage", "ledoit-wolf"),
    ("covariate balancing propensity score", "cbps"), ("propensity score weighting", "ipw"),
    # classic ML and recommendation
    ("SMOTE", "smote"), ("quadratic discriminant analysis", "qda"), ("mini-batch k-means", "mini-batch-k-means"),
    ("two-tower retrieval model", "two-tower-model"), ("SVD++", "svd-plus-plus"),
    # trustworthy ML
    ("Gaussian data augmentation", "gaussian-data-augmentation"), ("centered-clipping aggregator", "centered-clipping"),
    ("inner-product manipulation", "ipm-attack"), ("privacy loss distribution", "pld-accountant"),
    # time series, speech, learning settings
    ("SARIMAX", "sarimax"), ("DTW barycenter averaging", "dba"),
    ("attention-based encoder-decoder models", "attention-based-encoder-decoder"),
    ("log-mel filterbank features", "log-mel-filterbank"), ("joint CTC-attention", "joint-ctc-attention"),
    ("optimal brain surgeon", "optimal-brain-surgeon"), ("negative sampling", "negative-sampling"),
    ("bidirectional LSTMs", "bidirectional-lstm"),
])
def test_established_technique_resolves(shipped_lexicon, surface, expected):
    entry = shipped_lexicon.lookup(surface)
    assert entry is not None and entry.id == expected and entry.type == "algorithm"


@pytest.mark.parametrize("variant, family", [
    ("Data-Efficient Rainbow", "rainbow"), ("StyleGAN-XL", "stylegan"), ("Soft-NMS", "non-maximum-suppression"),
    ("E-Branchformer", "branchformer"), ("TiSASRec", "sasrec"), ("SimNPO", "npo"), ("Dormand-Prince", "runge-kutta"),
    ("self-adversarial negative sampling", "negative-sampling"),
])
def test_variant_sits_under_its_family(shipped_lexicon, variant, family):
    entry = shipped_lexicon.lookup(variant)
    assert entry is not None and entry.id != family and entry.parent == family


@pytest.mark.parametrize("text, lexicon_id, written", [
    ("We benchmark against Data-Efficient Rainbow under a budget of 100k interactions.",
     "data-efficient-rainbow", "Data-Efficient Rainbow"),
    ("Class-conditional samples from StyleGAN-XL serve as the reference set.", "stylegan-xl", "StyleGAN-XL"),
    ("Trajectories are integrated with a velocity Verlet integrator at a 1 fs step.",
     "verlet-integration", "velocity Verlet integrator"),
    ("The sampler is compared with random-walk Metropolis-Hastings on a funnel target.",
     "random-walk-metropolis", "random-walk Metropolis-Hastings"),
    ("Each client update passes through a centered-clipping aggregator before averaging.",
     "centered-clipping", "centered-clipping aggregator"),
    ("Candidates come from a two-tower retrieval model trained with in-batch negatives.",
     "two-tower-model", "two-tower retrieval model"),
    ("The base classifier is trained with Gaussian data augmentation at sigma 0.25.",
     "gaussian-data-augmentation", "Gaussian data augmentation"),
    ("Speech recognisers based on attention-based encoder-decoder models struggle with long utterances.",
     "attention-based-encoder-decoder", "attention-based encoder-decoder models"),
])
def test_whole_name_is_found_not_its_head(shipped_extractor, text, lexicon_id, written):
    assert found(shipped_extractor, text).get(lexicon_id) == ("algorithm", written)


@pytest.mark.parametrize("text, lexicon_id", [
    # ordinary phrases that spell a technique's form
    ("The correction needs no extra gradient evaluations per iteration.", "extragradient"),
    ("Random feature selection is a weak baseline for tabular models.", "random-features"),
    ("We inject label-flipping noise into a tenth of the training set.", "label-flipping-attack"),
    ("The control variate yields a variance reduction of 40% on the toy problem.", "variance-reduction"),
    # capital-only names stay out of lower-case or metric text
    ("The ranking model improves Hits@10 by three points on FB15k-237.", "hits-algorithm"),
    ("We sort the candidates by score before decoding.", "sort-tracker"),
    ("Telescopes with adaptive optics correct atmospheric blur.", "optics"),
])
def test_ordinary_phrase_is_no_technique(shipped_lexicon, shipped_extractor, text, lexicon_id):
    assert shipped_lexicon.get(lexicon_id) is not None
    assert lexicon_id not in found(shipped_extractor, text)


def test_guarded_forms_still_name_the_technique(shipped_extractor):
    text = ("We solve the saddle-point problem with the extragradient method and reduce the noise of the "
            "stochastic gradients with variance reduction. Clients suffer label-flipping attacks.")
    ids = found(shipped_extractor, text)
    assert {"extragradient", "variance-reduction", "label-flipping-attack"} <= set(ids)
