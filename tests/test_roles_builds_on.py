"""What the paper builds on, on invented sentences: verbs of use ("follows X", "solved by X", "fits a X
model", "initialise from X", "used within X", "fitted by X"), the parts of its own method ("our SAC
agent", an appositive or a relative clause describing the method, "our estimator is a X", a learned
prior that is X, a backbone named with its abbreviation), the target it is trained to match, a drop-in
change to X, the object of a verb of improvement ("improves GCN by 4.2 points") and a part of X it
replaces; X replaced whole, a setting a clause opens ("for domains where X ..."), "prior work" and a
derivation ("follows from") stay apart."""
import pytest

from kg.extract.cues import fold, load_cues
from kg.extract.roles.occurrence import improved_object
from extraction_helpers import role

CUES = load_cues()


@pytest.mark.parametrize("sentence, name, expected", [
    ("Its correction step follows the unscented Kalman filter.", "unscented Kalman filter", "builds_on"),
    ("The assignment is solved by the auction algorithm at every iteration.", "auction algorithm", "builds_on"),
    ("Node embeddings are learned by node2vec on the interaction graph.", "node2vec", "builds_on"),
    ("The slow weights are updated by exponential moving average of the fast weights.", "exponential moving average", "builds_on"),
    ("Assignment is computed by the Hungarian algorithm at every step.", "Hungarian algorithm", "builds_on"),
    ("Matching is solved by the Hungarian algorithm at every step.", "Hungarian algorithm", "builds_on"),
    ("Our agent needs half the environment steps of DrQ-v2.", "DrQ-v2", "compared"),
    # "follows from" is a derivation, not a use
    ("The bound follows from a classical argument for mirror descent.", "mirror descent", "mentioned"),
])
def test_build_and_budget_cues(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Our pipeline fits a CatBoost model per store and then calibrates it with Platt scaling.", "CatBoost", "builds_on"),
    ("Our pipeline fits a CatBoost model per store and then calibrates it with Platt scaling.", "Platt scaling", "builds_on"),
    ("We warm-start the value network from behavioural cloning on expert demonstrations.", "behavioural cloning", "builds_on"),
    ("We initialise the student from a pretrained BYOL encoder.", "BYOL", "builds_on"),
    # "fitted" as an adjective is no use of what follows
    ("Under the fitted law, a sparse MoE with 32 experts is compute-optimal.", "MoE", "mentioned"),
    # a bound or an instance "showing that X ..." is about X
    ("We give a lower bound showing that coordinate descent needs exponentially many epochs.", "coordinate descent", "studied"),
    ("We construct an instance proving that fictitious play cycles forever.", "fictitious play", "studied"),
])
def test_fit_initialise_and_theory_cues(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("When used as the critic in SAC training, our value head halves the variance of the updates.", "SAC", "builds_on"),
    ("Once used for beam search decoding, the verifier raises accuracy by 3 points.", "beam search", "builds_on"),
    ("Used within Bayesian optimization, the surrogate finds better designs with fewer queries.", "Bayesian optimization", "builds_on"),
    ("The bias term is fitted by gradient boosting on the residuals of the simulator.", "gradient boosting", "builds_on"),
    # what another algorithm uses is no use of ours
    ("We prove that the momentum used in Adam slows the escape from saddle points.", "Adam", "studied"),
])
def test_used_for(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Our SAC agent learns to stack three blocks from pixels in two hours of robot time.", "SAC", "builds_on"),
    ("At test time our U-Net denoiser is queried only eight times per image.", "U-Net", "builds_on"),
    ("The proposed LSTM encoder summarises each patient record into a single vector.", "LSTM", "builds_on"),
    ("Our modified A* planner expands 40% fewer nodes.", "A*", "builds_on"),
    # not the paper's own part: no "our", or a baseline of ours
    ("A SAC agent trained on the same data reaches a lower return.", "SAC", "mentioned"),
    ("We tune our SAC baseline with the same budget.", "SAC", "compared"),
])
def test_own_component(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # an appositive that says what kind of method the proposal is keeps its relative clause its own
    ("We introduce MolGen, a generative model whose encoder is a message passing neural network pretrained on ZINC.",
     "message passing neural network", "builds_on"),
    ("We present TraceNet, an anomaly detector in which a Kalman filter tracks the latent state.", "Kalman filter", "builds_on"),
    # ... but not a setting the appositive opens ("for domains where ...")
    ("We present TraceNet, a detector for sensor networks where a Kalman filter is too slow.", "Kalman filter", "mentioned"),
])
def test_proposal_appositive(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("We propose TreeRoute, which trains a routing planner whose value head is a Monte Carlo tree search over partial routes.",
     "Monte Carlo tree search", "builds_on"),
    ("We introduce PolyFit, which fits a mixture sampler in which each component is updated by Langevin dynamics.",
     "Langevin dynamics", "builds_on"),
    ("We present QuickSeg, which decodes masks with layers where a U-Net refines every coarse prediction.", "U-Net", "builds_on"),
    # the relative clause is headed by a setting: no part of the method
    ("We propose HopMix, a recommender for social networks where PageRank is too slow to update.", "PageRank", "mentioned"),
    ("We propose BoltSolve, a heuristic for instances in which the simplex method stalls.", "simplex method", "mentioned"),
    ("We present CoverNet for domains where Q-learning diverges.", "Q-learning", "mentioned"),
])
def test_own_relative_clause(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Our estimator is a doubly robust estimator with cross-fitted nuisance models.", "doubly robust estimator", "builds_on"),
    ("Our policy is a Transformer that attends over the full trajectory.", "Transformer", "builds_on"),
    ("Our surrogate is simply a Gaussian process with a warped input kernel.", "Gaussian process", "builds_on"),
    # not the paper's method that is said to be X
    ("Our results show that a Gaussian process is a poor surrogate here.", "Gaussian process", "mentioned"),
])
def test_own_copula(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("Its learned prior is a normalizing flow over molecular conformations.", "normalizing flow", "builds_on"),
    ("The shape prior, a variational autoencoder over meshes, is trained once.", "variational autoencoder", "builds_on"),
])
def test_prior_noun(sentence, name, expected):
    assert role(sentence, name, describes=True) == expected


@pytest.mark.parametrize("text, background", [
    ("prior work relies on a vae", True),
    ("unlike prior methods, ", True),
    ("its learned prior is a flow", False),
    ("the prior over weights", False),
    ("a gaussian prior, which", False),
    ("prior to training", False),
])
def test_prior_background(text, background):
    assert (CUES.background.search(text) is not None) == background


@pytest.mark.parametrize("sentence, name, expected", [
    ("On a Swin Transformer (Swin-T) backbone, our detector gains 2.1 AP.", "Swin Transformer", "builds_on"),
    ("The retriever pairs a frozen Contrastive Captioner (CoCa) encoder with a small head.", "Contrastive Captioner", "builds_on"),
    # a parenthesis that is no abbreviation of the name leaves the cue out of reach
    ("We outperform Swin Transformer (by 2.1 AP on COCO and 1.4 AP on the LVIS split) backbones.", "Swin Transformer", "compared"),
])
def test_backbone_after_abbreviation(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("We propose FastFlow, which trains a one-step student to match the transport map of a rectified flow teacher.",
     "rectified flow", "builds_on"),
    ("We present TinyVoc, a vocoder distilled to match the spectrograms of HiFi-GAN at every frame.", "HiFi-GAN", "builds_on"),
    # a plain match is still a comparison
    ("FastFlow matches the sample quality of rectified flow with a single step.", "rectified flow", "compared"),
    ("FastFlow fails to match GANs on faces.", "GANs", "compared"),
])
def test_training_target(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("FooTTA is a drop-in change to the objective of TENT.", "TENT", "builds_on"),
    ("FooClip is a drop-in modification of GRPO and needs no critic.", "GRPO", "builds_on"),
    ("FooAttn is a drop-in replacement for the loss of SimCLR.", "SimCLR", "builds_on"),
    # a drop-in replacement for X itself takes X's place
    ("FooAttn is a drop-in replacement for softmax attention.", "softmax attention", "compared"),
])
def test_drop_in_change(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # what the paper's method replaces it does not build on
    ("We present StreamTGN, which replaces the LSTM state updater of the memory module with a Hawkes kernel.", "LSTM", "mentioned"),
    ("We introduce ViewNet, a Transformer encoder replacing the standard PointNet backbone.", "PointNet", "mentioned"),
    # ... unless it is replaced by a variant of itself, or only a part of it is replaced
    ("We propose TrimDR, which replaces the propensity score in the estimator with a smoothly clipped version.", "propensity score", "builds_on"),
    ("We replace the softmax of the Transformer with a linear kernel.", "Transformer", "builds_on"),
])
def test_replaced(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("On citation graphs, BarNet improves GCN by 4.2 points without extra parameters.", "GCN", "builds_on"),
    ("Plugged in at inference, FooDecode accelerates Medusa by 1.5x on long prompts.", "Medusa", "builds_on"),
    ("On three robot suites, QuxPlan improves the PPO agent by 12% in final return.", "PPO", "builds_on"),
    ("In all settings, BarNet boosts GraphSAGE and GIN by up to 3 points.", "GIN", "builds_on"),
    ("Our method improves FooRL by 4.1 points on average.", "FooRL", "builds_on"),
    # comparisons keep their role
    ("On citation graphs, BarNet improves on GCN by 4.2 points.", "GCN", "compared"),
    ("On citation graphs, BarNet improves accuracy over GCN by 4.2 points.", "GCN", "compared"),
    ("On citation graphs, BarNet improves over GCN, GraphSAGE and GAT in every split.", "GAT", "compared"),
    ("On citation graphs, BarNet improving over GraphSAGE and GAT, runs faster.", "GAT", "compared"),
    ("On citation graphs, BarNet reduces the error of GCN by 18%.", "GCN", "compared"),
])
def test_improved_object(sentence, name, expected):
    assert role(sentence, name) == expected


def test_an_adjective_takes_no_object():
    # "accelerated" names a variant: the list after it is no object of improvement
    s = fold("Our sampler runs an accelerated gradient and Adam side by side.")
    assert not improved_object(s, s.index("adam"), CUES)
    assert improved_object(fold("It accelerates gradient descent and Adam."), len("It accelerates gradient descent and "), CUES)
