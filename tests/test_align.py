"""Alignment of units by meaning (real model) and the body model it works on."""

from __future__ import annotations

import pytest

from review_app.core.align import Aligner, compared, facts_of, masked, target_key
from review_app.core.unit_vectors import UnitVectors, shared_vectors
from review_app.core.units import Unit, parse_body, split_sentences, units_of


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner(shared_vectors())


def unit_of(text: str, source: str = "x.md") -> Unit:
    units = units_of(parse_body(text + "\n"), source)
    assert len(units) == 1, units
    return units[0]


def verdict(aligner: Aligner, member: str, base: list[str]) -> tuple[str, str | None]:
    m = aligner.align([unit_of(member, "m.md")], [unit_of(b, "b.md") for b in base])[0]
    return m.verdict, (m.base.raw if m.base else None)


@pytest.mark.parametrize("member, base", [
    # rewordings from tests/data/rewrites: same meaning, same facts
    ("Every API key is limited per minute with a token bucket.",
     "Each API key gets a per-minute token bucket."),
    ("- Health checks on `/v1/ping` are never counted.",
     "- `/v1/ping` health checks never count against the limit."),
    ("- A log entry is committed once it is stored on a majority of servers.",
     "- An entry is committed when a majority of servers have stored it."),
    ("Dr. Ines Moreau leads the project.",  # folded into a longer sentence
     "Dr. Ines Moreau leads the project, and Karim Haddad builds the data pipeline."),
    ("- [rule] Backfills are batched jobs, not migrations",
     "- [rule] Backfills run as batched jobs"),
])
def test_reworded_units_are_present(aligner: Aligner, member: str, base: str):
    # the base note's other units: the raft note speaks of the log throughout, so
    # "A log entry" adds no word to "An entry" there
    context = ["The NAS has the fixed address 192.168.10.5.",
               "- Raft splits consensus into leader election, log replication and safety."]
    assert verdict(aligner, member, [base, *context]) == ("present", base)


@pytest.mark.parametrize("member, base", [
    ("The default limit is 100 requests per minute with a burst of 20.",
     "Since the June pricing change the default limit is 250 requests per minute with a "
     "burst of 50."),
    ("Status: Proposed", "Status: Accepted on 2025-09-12"),
    ("Anna is a Senior Backend Engineer on the Core API team.",
     "Anna is a Staff Engineer on the Platform team."),
    ("- [ ] Letter of intent submitted", "- [x] Letter of intent submitted"),
    ("| Free | 100 | 20 |", "| Free | 250 | 50 |"),
    ("- [fact] NAS address is 192.168.10.20", "- [fact] NAS address is 192.168.10.5"),
])
def test_same_claim_with_another_value_is_a_conflict(aligner: Aligner, member: str, base: str):
    if base.startswith("|"):
        member = "| Tier | Rpm | Burst |\n|---|---|---|\n" + member
        base = "| Tier | Rpm | Burst |\n|---|---|---|\n" + base
    assert verdict(aligner, member, [base])[0] == "conflict"


@pytest.mark.parametrize("member, base", [
    ("- VLAN 40: guest Wi-Fi, internet only", "- VLAN 20: IoT devices, isolated"),
    ("- [x] Letter of intent drafted", "- [x] Letter of intent submitted"),
    ("Batch exports run on a separate quota of 10 exports per day.",
     "Requests over the limit get HTTP 429 with a `Retry-After` header."),
    ("Tom owns the billing service.", "Priya owns the search service."),
])
def test_different_claims_are_new(aligner: Aligner, member: str, base: str):
    assert verdict(aligner, member, [base])[0] == "new"


def test_a_unit_with_more_facts_is_richer(aligner: Aligner):
    assert verdict(aligner, "- Price: USD 34 per host per month, for up to 400 hosts.",
                   ["- Price: USD 34 per host per month."])[0] == "richer"


def test_identical_and_changed_code_blocks(aligner: Aligner):
    a = "```bash\ncertbot renew --quiet\n```"
    b = "```bash\ncertbot renew --quiet --deploy-hook 'systemctl reload nginx'\n```"
    assert verdict(aligner, a, [a])[0] == "present"
    assert verdict(aligner, a, [b])[0] == "conflict"
    assert verdict(aligner, "```sql\nSELECT 1;\n```", [b])[0] == "new"


def test_facts_and_masks():
    f = facts_of("Run `certbot renew` on [[edge-1]] before 2025-04-30, 90 days, #tls; "
                 "ask Priyanka Rao.")
    assert {"code:certbot renew", "link:edge-1", "num:2025-04-30", "num:90", "tag:tls",
            "name:priyanka", "name:rao"} <= f
    # a capitalised first word counts as a name only where the other unit names it too
    a, b = compared(facts_of("Priyanka Rao is our account manager."),
                    facts_of("Our account manager is Priyanka Rao."))
    assert a == b
    a, b = compared(facts_of("Plug the server into port 4."),
                    facts_of("Connect the server to port 4."))
    assert a == b == {"num:4"}
    assert masked("Full proposal due 2025-04-15.") == masked("Full proposal due 2025-04-30.")
    assert target_key("people/finance-team.md") == target_key("Finance team") == "finance-team"


def test_sentences_split_at_ends_only():
    text = ("Written after an `ALTER TABLE ... ADD COLUMN` locked it (see [[A. B]]). "
            "Dr. Ines Moreau leads it, e.g. the budget. Then it ends!")
    assert split_sentences(text) == [
        "Written after an `ALTER TABLE ... ADD COLUMN` locked it (see [[A. B]]).",
        "Dr. Ines Moreau leads it, e.g. the budget.", "Then it ends!"]


def test_body_renders_back_byte_for_byte_and_knows_its_units():
    body = ("\n# Cert renewal\n\nIntro line one\nwrapped onto two lines.\n\n## Steps\n"
            "1. Check.\n2. Renew.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```sh\nx\n```\n\n"
            "- [x] done\n- [fact] Obs #t\n- relates_to [[Other]]\n\n> quote\n")
    parsed = parse_body(body)
    assert parsed.text() == body
    kinds = [u.kind for u in units_of(parsed, "a.md")]
    assert kinds == ["sentence", "step", "step", "row", "code", "check", "obs", "rel", "other"]


def test_vectors_are_cached_by_text():
    vectors = UnitVectors(shared_vectors().embedder)
    vectors.ensure(["one sentence", "another sentence"])
    vectors.ensure(["one sentence"])
    assert vectors.embedded == 2
    m = vectors.matrix(["one sentence", "another sentence", "one sentence"])
    assert m.shape == (3, 384) and float(m[0] @ m[2]) == pytest.approx(1.0)
