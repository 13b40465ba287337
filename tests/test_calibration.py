"""Scores that mean the same whatever the model: the hybrid's yardstick."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from review_app.core.embedding import DEFAULT_MODEL, Embedder
from review_app.core.notes import parse_note, render_note
from review_app.core.pipeline import ScanOptions, scan
from review_app.core.project import Project
from review_app.core.static_embedding import WORDLLAMA
from review_app.core.strategies import HybridStrategy, SearchClient, Target
from review_app.core.strategies.calibration import (
    IdentityVectors,
    Yardstick,
    identity_vectors,
    measure,
    pooled,
    sample_rows,
)
from review_app.core.strategies.hybrid import load_weights

REPO = Path(__file__).resolve().parent.parent


def _shifted(vectors: np.ndarray, strength: float, seed: int = 0) -> np.ndarray:
    """The same notes under a model whose cosines all sit higher (as bge-small's do):
    every vector pulled towards one common direction."""
    u = np.random.default_rng(seed).normal(size=vectors.shape[1]).astype(np.float32)
    u /= np.linalg.norm(u)
    out = vectors + strength * u
    return out / np.linalg.norm(out, axis=1, keepdims=True)


def _scores(client: SearchClient) -> dict[tuple[str, str], float]:
    strategy = HybridStrategy()
    strategy.prepare(client, Target())
    found = strategy.find_all_candidates(client=client, target=Target(), anchors=client.notes,
                                         top_k=10)
    return {c.key: c.score for c in found}


def test_learned_model_keeps_its_own_yardstick(indexed_demo, tmp_path, scan_project):
    kb = tmp_path / "kb"
    shutil.copytree(indexed_demo, kb)
    result = scan_project(kb, threshold=0.0)
    weights = load_weights()
    table = result.strategy._table
    assert result.client.model == DEFAULT_MODEL == weights["model"]
    assert table.yardstick == Yardstick.from_json(weights["yardstick"])
    # the same vectors said to come from another model: measured on the project instead
    other = SearchClient(result.client.notes, result.client.vectors, model="some/other-model")
    strategy = HybridStrategy()
    strategy.prepare(other, Target())
    assert strategy._table.yardstick == measure(other, identity_vectors(other.vectors))
    assert strategy._table.yardstick != table.yardstick


def test_a_model_whose_cosines_sit_higher_scores_the_same(indexed_demo, tmp_path,
                                                          scan_project):
    """Unlearned models are measured against the project: pulling every vector towards
    one direction (neighbour cosines 0.5 -> 0.85) leaves the scores nearly unchanged,
    where raw cosine would call every neighbour a duplicate."""
    kb = tmp_path / "kb"
    shutil.copytree(indexed_demo, kb)
    notes, vectors = (r := scan_project(kb, threshold=0.0)).client.notes, r.client.vectors
    plain = SearchClient(notes, vectors, model="model-a")
    high = SearchClient(notes, _shifted(vectors, 1.5), model="model-b")
    assert np.median(high.nn_sim[:, :10]) > 0.8 > 0.6 > np.median(plain.nn_sim[:, :10])
    a, b = _scores(plain), _scores(high)
    shared = sorted(set(a) & set(b))
    assert len(shared) > 0.9 * len(a)
    diff = np.array([abs(a[k] - b[k]) for k in shared])
    assert np.percentile(diff, 90) < 0.05 and np.percentile(diff, 99) < 0.1
    assert {k for k in shared if a[k] >= 0.9} == {k for k in shared if b[k] >= 0.9}
    thr = HybridStrategy().default_threshold
    expected = json.loads((REPO / "tests" / "data" / "demo_expected.json").read_text())
    for g in expected["groups"]:  # every intended duplicate pair still above the default
        for m in g["members"]:
            key = tuple(sorted((g["canonical"], m)))
            assert a[key] >= thr and b[key] >= thr, key
    raw_high = sum(high.nn_sim[:, 0] >= 0.85)  # the embedding strategy's cut, uncalibrated
    assert raw_high > 3 * max(1, sum(plain.nn_sim[:, 0] >= 0.85))


def test_one_note_search_measures_what_the_scan_does():
    rng = np.random.default_rng(3)
    n = 700
    vectors = rng.normal(size=(n, 32)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    notes = [parse_note(f"n{i:04d}.md", render_note({"title": f"Note {i}"}, "x").encode())
             for i in range(n)]
    full = SearchClient(notes, vectors, model="m")
    partial = SearchClient(notes, vectors, model="m", only=[notes[5].path])
    ident = identity_vectors(vectors)
    got, want = measure(partial, ident), measure(full, ident)
    assert got.cosine_loc == pytest.approx(want.cosine_loc, abs=1e-6)
    assert got.identity_scale == pytest.approx(want.identity_scale, abs=1e-6)
    assert len(sample_rows(n)) == 512 and sample_rows(100).tolist() == list(range(100))


def test_pooled_yardstick_weights_by_pairs():
    a = Yardstick(0.5, 0.2, 0.3, 0.1, 300)
    b = Yardstick(0.8, 0.1, 0.6, 0.3, 100)
    p = pooled([a, b])
    assert p.cosine_loc == pytest.approx(0.575) and p.identity_scale == pytest.approx(0.15)
    assert p.pairs == 400
    assert Yardstick.from_json(p.to_json()).cosine_scale == pytest.approx(0.175, abs=1e-4)


GARDEN = {
    "tomatoes/blight-prevention.md": (
        "Preventing tomato blight",
        "Late blight spreads in warm wet weather. Water at the base in the morning, never "
        "over the leaves. Space plants 60 cm apart for airflow and remove the lowest leaves "
        "once the first truss sets. Copper spray before a wet spell helps; burn infected "
        "foliage, never compost it. Resistant varieties: Crimson Crush, Mountain Magic."),
    "tomatoes/tomato_blight_notes_2026_07_02.md": (
        "tomato blight notes",
        "Blight (late blight) takes off when it is warm and wet. Water the soil, not the "
        "leaves, and do it in the morning. Leave 60 cm between plants so air moves, and strip "
        "the bottom leaves after the first truss has set. Spray copper ahead of wet weather. "
        "Infected leaves get burnt, not composted. Crimson Crush and Mountain Magic resist it."),
    "tomatoes/sowing-schedule.md": (
        "Tomato sowing schedule",
        "Sow indoors in late February at 20 degrees, prick out at two true leaves, pot on "
        "into 9 cm pots, harden off in May and plant out after the last frost."),
    "tomatoes/feeding.md": (
        "Feeding tomatoes",
        "Once the first flowers open, feed weekly with a high-potash liquid feed. Too much "
        "nitrogen gives leaves and few fruit. Comfrey tea works as well as the bottled kind."),
    "soil/compost-heap.md": (
        "Running the compost heap",
        "Mix greens and browns about half and half, turn every three weeks, keep it as damp "
        "as a wrung sponge. Ready in four to six months when dark and crumbly."),
    "soil/no-dig-beds.md": (
        "No-dig beds",
        "Lay cardboard over the grass, 15 cm of compost on top, plant straight into it. "
        "Top up with 5 cm of compost every autumn; never turn the soil."),
    "pests/slugs.md": (
        "Slug control",
        "Beer traps, copper tape round pots, night patrols with a torch after rain, and "
        "nematodes in spring when the soil is above 5 degrees."),
    "pests/aphids.md": (
        "Aphids on beans",
        "Pinch out broad bean tips once the pods set; blast colonies off with water; "
        "ladybird larvae clear the rest within a fortnight."),
    "fruit/apple-pruning.md": (
        "Winter apple pruning",
        "Prune between leaf fall and bud burst. Remove dead, diseased and crossing wood, "
        "open the centre into a goblet, shorten leaders by a third."),
    "fruit/strawberry-runners.md": (
        "Strawberry runners",
        "Peg runners into pots in July, cut them from the mother plant after four weeks, "
        "replace plants every three years."),
    "tools/sharpening.md": (
        "Sharpening tools",
        "Secateurs: a diamond file on the bevel only, oil the pivot. Spades: a flat file "
        "every spring. Clean sap off with wire wool."),
    "planning/crop-rotation.md": (
        "Crop rotation plan",
        "Four beds: legumes, brassicas, roots, then potatoes and tomatoes. Move one bed "
        "along each year; lime before the brassicas."),
    "planning/seed-order-2027.md": (
        "Seed order for 2027",
        "Carrots Flyaway, beetroot Boltardy, runner beans Firestorm, lettuce Little Gem, "
        "tomato Sungold; order by the end of January."),
    "watering/irrigation.md": (
        "Drip irrigation",
        "A timer on the water butt, 4 mm drip line along the beds, 20 minutes at dawn in "
        "dry spells; flush the filter monthly."),
}


@pytest.fixture
def garden(tmp_path: Path) -> Path:
    root = tmp_path / "garden"
    for rel, (title, body) in GARDEN.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render_note({"title": title, "type": "note"}, body), encoding="utf-8")
    return root


def test_second_model_finds_the_rewrite_with_the_learned_combination(garden: Path):
    """WordLlama has no weights of its own: the MiniLM-learned combination and default
    threshold, applied in the project's yardstick, group the rewrite and nothing else."""
    result = scan(Project(garden), ScanOptions(model=WORDLLAMA), embedder=Embedder(WORDLLAMA))
    assert result.model == WORDLLAMA and result.client.vectors.shape[1] == 256
    assert result.strategy._table.yardstick.pairs > 0  # measured, not the learned one
    assert [sorted(g.paths) for g in result.groups] == [
        ["tomatoes/blight-prevention.md", "tomatoes/tomato_blight_notes_2026_07_02.md"]]


def test_cli_scans_with_the_second_model(garden: Path):
    run = subprocess.run([sys.executable, "-m", "review_app", "scan", str(garden), "--model",
                          WORDLLAMA, "--format", "json"], capture_output=True, text=True,
                         timeout=300, cwd=REPO)
    assert run.returncode == 0, run.stderr
    doc = json.loads(run.stdout)
    assert doc["model"] == WORDLLAMA and doc["stats"]["embedded"] == len(GARDEN)
    assert len(doc["groups"]) == 1
    assert (garden / ".bm-review" / "index.db").exists()


# --- the transfer benchmark's measurements (bench/model_transfer.py) ------------------------

def _transfer():
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    import model_transfer

    return model_transfer


def test_own_fit_cut_needs_support_not_a_lucky_top_pair():
    mt = _transfer()
    # two perfect top pairs, then 30 pairs at 0.9 precision, then noise
    scores = np.r_[0.99, 0.98, np.linspace(0.9, 0.6, 30), np.linspace(0.5, 0.1, 40)]
    y = np.r_[True, True, np.arange(30) % 10 != 9, np.arange(40) % 3 == 2]
    cut, at = mt.supported_cut(scores, y, 0.9, support=20)
    assert at["pairs"] >= 20 and at["precision"] >= 0.9
    assert 0.5 < cut < 0.9  # not the in-sample rule's cut above the first two pairs
    # out of reach: the most precise supported cut, not the first one with 20 pairs
    noisy = np.r_[True, True, np.arange(70) % 2 == 0]
    cut, at = mt.supported_cut(scores, noisy, 0.9, support=20)
    best = max(noisy[:n].mean() for n in range(20, 73))  # 12/21, where 20 pairs hold 11
    assert at["pairs"] == 21 and at["precision"] == pytest.approx(best, abs=1e-3)


def test_matched_recall_counts_the_shortest_run_and_whole_ties():
    mt = _transfer()
    scores = np.array([0.9, 0.8, 0.8, 0.7, 0.0])
    dup = np.array([True, False, True, False, True])
    assert mt.at_recall(scores, dup, 1) | {} == {"pairs": 1, "duplicates": 1, "precision": 1.0,
                                                "interval": mt.wilson(1, 1)}
    assert mt.at_recall(scores, dup, 2)["pairs"] == 3  # the tie at 0.8 comes whole
    assert mt.at_recall(scores, dup, 3)["pairs"] == 0  # an unscored pair is never reached
    lo, hi = mt.wilson(3, 5)
    assert (round(lo, 2), round(hi, 2)) == (0.23, 0.88)


def test_identity_rows_are_made_when_asked_and_the_same_bits_however_asked():
    """The hybrid's identity vectors are not held whole (a second copy of every vector,
    154 MB at 100k notes): each row is made from its note's vector when asked for, and
    comes out bitwise the same alone, in a block of neighbour lists or all at once."""
    rng = np.random.default_rng(3)
    n, dim = 9000, 384  # more than one 8,192-row block and one 4,096-row pass
    common = rng.normal(size=dim).astype(np.float32)
    vectors = rng.normal(size=(n, dim)).astype(np.float32) + 2 * common
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    ident = IdentityVectors(vectors)
    whole = identity_vectors(vectors)
    assert whole.shape == vectors.shape
    assert np.allclose(np.linalg.norm(whole, axis=1), 1.0, atol=1e-5)
    assert abs(float(np.mean(whole @ common))) < abs(float(np.mean(vectors @ common))) / 10
    lists = rng.integers(0, n, size=(1500, 30))  # 45,000 rows: many passes
    assert np.array_equal(ident[lists], whole[lists])
    for rows in (0, n - 1, slice(8000, 8500), np.array([8191, 8192, 3])):
        assert np.array_equal(ident[rows], whole[rows])
    held = sum(v.nbytes for v in vars(ident).values()
               if isinstance(v, np.ndarray) and v is not vectors)
    assert held <= n * 4 + 2 * dim * 4  # one float a note, the mean and the direction
