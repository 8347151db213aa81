"""Role rules of the roles12 round, on invented sentences (not taken from any evaluation set).

- a clause after the main one whose subject is set against it by what it does compares:
  "..., where X diverges", "..., while A and X solve 7 of them", "while X is off by 9%";
- "from 6.9 for X to 5.8": the figure the sentence starts from is X's, a comparison;
- "our PPO agent", "the proposed GNN encoder": a part of the paper's method named after X builds on X.
"""
import pytest

from kg.extract.cues import load_cues
from kg.extract.roles import occurrence_role

CUES = load_cues()


def role(sentence: str, name: str, *, own: bool = True) -> str:
    start = sentence.index(name)
    return occurrence_role(sentence, start, start + len(name), CUES, own=own)[0]


@pytest.mark.parametrize("sentence, name, expected", [
    ("The learned controller keeps the quadrotor airborne in gusty wind, where LQR crashes within seconds and MPC diverges.", "MPC", "compared"),
    ("Our sampler mixes across all modes of the posterior, where HMC collapses onto one.", "HMC", "compared"),
    ("The tuned model answers 41 of the 50 puzzles, while BFS and A* solve 12 and 19 respectively.", "BFS", "compared"),
    ("The tuned model answers 41 of the 50 puzzles, while BFS and A* solve 12 and 19 respectively.", "A*", "compared"),
    ("The interval covers the true effect on the survey data, while the Horvitz-Thompson estimator is off by 14%.",
     "Horvitz-Thompson estimator", "compared"),
    ("Our kernel test keeps its power at high dimension, while the standard MMD test with a Gaussian kernel fails.",
     "MMD test", "compared"),
    # no main clause before the contrast, or other people's work, or a proposal: no comparison
    ("In graphs where Louvain fails, community structure is weak.", "Louvain", "mentioned"),
    ("Prior solvers are accurate on small grids, while multigrid diverges on irregular meshes.", "multigrid", "mentioned"),
    ("We introduce a hybrid planner for mazes where A* fails to terminate in time.", "A*", "mentioned"),
    # what the clause says of the mention is no failure or figure
    ("The model is trained end to end, while Adam is used for the encoder.", "Adam", "mentioned"),
])
def test_contrast_clause(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("The reranker lifts nDCG@10 from 31.5 for BM25 to 38.2 on the legal corpus.", "BM25", "compared"),
    ("Word error rate falls from 12.4% for CTC to 9.8% with the new decoder.", "CTC", "compared"),
    # a figure started from that no name owns
    ("Accuracy rises from 70.1 to 74.3 when XGBoost features are added.", "XGBoost", "mentioned"),
])
def test_figure_started_from(sentence, name, expected):
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
    # a participle after a list of compared objects describes the last of them
    ("The sampler improves the effective sample size over SMC, VI and chains tuned with NUTS on every model.", "NUTS", "compared"),
    ("Our recommender beats matrix factorization and two-tower models fine-tuned with LoRA on all splits.", "LoRA", "compared"),
    ("The probe matches full fine-tuning with LoRA on four of six tasks.", "LoRA", "compared"),
    # ... not a second verb of the paper's method
    ("Our model outperforms the baselines and is trained with Adam.", "Adam", "builds_on"),
    # a use that reaches across "than" belongs to the compared object
    ("The agent finds more solutions than random search and than planning with MCTS.", "MCTS", "compared"),
    ("The high-level policy plans over subgoals with the cross-entropy method.", "cross-entropy method", "builds_on"),
    # "within 0.3 of X", "within 0.4% accuracy of X"
    ("Perplexity on the held-out books stays within 0.3 of a dense Transformer.", "Transformer", "compared"),
    ("The sketch is within 2% recall of exact k-NN search at a tenth of the memory.", "k-NN", "compared"),
])
def test_compared_object(sentence, name, expected):
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
