"""Coverage and series evidence: duplicate or just the same topic (issue 19)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from review_app.core.grouping import build_groups
from review_app.core.notes import parse_note, render_note
from review_app.core.strategies import Candidate
from review_app.core.strategies.coverage import note_shape
from review_app.core.strategies.series import series_cue

PLAN_2025 = """## Goals
- Bake 40 stollen loaves for the family and the neighbours, ready by 15 December.
- Use the butter-rich recipe from grandmother's card: 500 g flour, 250 g butter, 100 g sugar.

## Shopping
- Candied orange peel and lemon peel from the market hall, 300 g each.
- Marzipan, 400 g; rum-soaked raisins started on 20 November.

## Schedule
- 8 December: first batch of dough, rest overnight in the cold cellar.
- 10 December: shape, bake at 170 C for 55 minutes, brush with melted butter.
"""

PLAN_2026 = """## Goals
- Bake 45 stollen loaves for the family and the neighbours, ready by 14 December.
- Use the butter-rich recipe from grandmother's card: 500 g flour, 250 g butter, 90 g sugar.

## Shopping
- Candied orange peel and lemon peel from the market hall, 300 g each.
- Marzipan, 450 g; rum-soaked raisins started on 18 November.

## Schedule
- 7 December: first batch of dough, rest overnight in the cold cellar.
- 9 December: shape, bake at 170 C for 55 minutes, brush with melted butter.

- follows [[Christmas stollen plan 2025]]
"""


def _write(root: Path, rel: str, body: str, **meta) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_note({"type": "note", **meta}, body), encoding="utf-8")


def _fillers(root: Path, folder: str = "notes") -> None:
    """Three unrelated notes, so a project's yardstick has something to compare with."""
    for i, (title, body) in enumerate([
            ("Office plants", "Water the ficus on Mondays and the cactus once a month."),
            ("Team lunch", "Thursday lunch is at the noodle place near the station."),
            ("Parking", "Visitor parking is on level -2, ask reception for a token.")]):
        _write(root, f"{folder}/filler-{i}.md", body, title=title)


def _note(path: str, title: str, body: str, **meta):
    return parse_note(path, render_note({"title": title, **meta}, body).encode())


def test_titles_differing_by_a_year_and_a_follows_link_are_a_series():
    a = _note("plans/stollen-2025.md", "Christmas stollen plan 2025", PLAN_2025,
              modified="2025-11-01")
    b = _note("plans/stollen-2026.md", "Christmas stollen plan 2026", PLAN_2026,
              modified="2026-11-01")
    cue = series_cue(a, b)
    assert cue.series and not cue.restates
    assert any("2025 vs 2026" in r and "against" in r for r in cue.reasons)
    assert any("follows" in r for r in cue.reasons)


def test_a_stamp_against_no_stamp_is_an_agent_copy_not_a_series():
    a = _note("e/policy.md", "Database migration policy", "Migrations run forward only.")
    b = _note("e/policy-v2.md", "Database migration policy v2", "Migrations run forward only.")
    assert not series_cue(a, b).series


def test_supersedes_from_the_newer_note_counts_for_a_duplicate():
    old = _note("specs/api-v1.md", "API spec v1", "Endpoints list the orders.",
                modified="2026-01-01")
    new = _note("specs/api-v2.md", "API spec v2",
                "Endpoints list the orders.\n\n- supersedes [[API spec v1]]\n",
                modified="2026-03-01")
    cue = series_cue(old, new)
    assert cue.restates and not cue.series
    assert any("supersedes" in r and "counts for" in r for r in cue.reasons)


def test_titles_differing_only_by_a_code_or_compact_date_are_a_series():
    body = "Decisions waiting for the owner, collected from the group chat at 17h."
    a = _note("inbox/digest-20260525.md", "whatsapp-17h-digest-20260525", body)
    b = _note("inbox/digest-20260529.md", "whatsapp-17h-digest-20260529", body + " More.")
    cue = series_cue(a, b)
    # a compact date is a stamp (core/stamps.py) as well as a digit-bearing token
    assert cue.series and any("against" in r for r in cue.reasons)
    p12 = _note("r/p12.md", "Reminder rollout P1.2 watchdog", "Phase work.")
    p13 = _note("r/p13.md", "Reminder rollout P1.3 watchdog", "Phase work, later.")
    assert series_cue(p12, p13).series
    # one date in two spellings is the same stamp: a receipt's copy, no sibling
    x = _note("g/apply-2026-06-30.md", "skill diet apply 2026-06-30", "Applied the diet.")
    y = _note("g/apply-20260630.md", "skill diet apply 20260630", "Applied the diet again.")
    assert not series_cue(x, y).series
    # a version added beside the date is an agent's copy, as without the date
    v1 = _note("g/fixes-20260625.md", "handoff fixes-20260625", "Fixed the handoff.")
    v2 = _note("g/fixes-v2-20260625.md", "handoff fixes-v2-20260625", "Fixed it better.")
    assert not series_cue(v1, v2).series


def test_titles_differing_by_a_name_each_note_is_about_are_template_siblings():
    a = _note("c/lamp-brightarc.md", "Lamp supplier BrightArc",
              "BrightArc ships xenon lamps in 5 days. Contact BrightArc sales.")
    b = _note("c/lamp-xenolux.md", "Lamp supplier Xenolux",
              "Xenolux ships xenon lamps in 9 days. Contact Xenolux sales.")
    cue = series_cue(a, b)
    assert cue.series and any("name each note is about" in r for r in cue.reasons)
    # a reworded title whose words are common words in the bodies is a rewrite's
    p = _note("c/escalation-policy.md", "Complaint escalation policy",
              "The policy sends a complaint up after two days.")
    q = _note("c/escalation-tiers.md", "Complaint escalation tiers",
              "Three tiers: agent, team lead, manager after two days.")
    assert not series_cue(p, q).series


HUB_TIMELINE = """# Timeline

- 2026-06-10: hub created in the Onda 10 wave; owner {owner}.
- 2026-06-14: {step}.
- Next review: see NEXT_STEPS.md of this hub.
"""


def test_one_file_name_in_two_project_folders_is_two_files_not_one_note():
    a = _note("areas/ops/projects/mesa-coo/TIMELINE.md", "TIMELINE",
              HUB_TIMELINE.format(owner="Mesa COO", step="daily routine moved to 08h"))
    b = _note("areas/zipper/projects/followup-inbox/TIMELINE.md", "TIMELINE",
              HUB_TIMELINE.format(owner="Zipper follow-up",
                                  step="inbox triage rules agreed with the gallery"))
    cue = series_cue(a, b)
    assert cue.series and any("same file name in two folders" in r for r in cue.reasons)
    # a copy filed in another folder is one note
    c = _note("marketing/personas.md", "personas", a.body)
    d = _note("gtm-content/personas.md", "personas", a.body)
    assert not series_cue(c, d).series
    # folders named for two versions of one skill hold its versions, not two skills
    v2 = _note("skills/director-2.0/SKILL.md", "director", a.body)
    v3 = _note("skills/director-30/SKILL.md", "director", b.body)
    assert not series_cue(v2, v3).series


def test_two_projects_hub_stubs_stay_out_of_the_likely_band(tmp_path: Path, scan_project):
    root = tmp_path / "kb"
    _write(root, "projects/mesa-coo/TIMELINE.md",
           HUB_TIMELINE.format(owner="Mesa COO", step="daily routine moved to 08h"),
           title="TIMELINE")
    _write(root, "projects/mission-control/TIMELINE.md",
           HUB_TIMELINE.format(owner="Mission Control", step="alert routing drafted"),
           title="TIMELINE")
    _write(root, "projects/popcorn.md", "Popcorn machine cleaned nightly; oil changed weekly.",
           title="Popcorn machine")
    _write(root, "projects/rota.md", "Ushers work two evening shifts and one matinee a week.",
           title="Usher rota")
    result = scan_project(root, threshold=0.0)
    pair = result.score_pair("projects/mesa-coo/TIMELINE.md",
                             "projects/mission-control/TIMELINE.md")
    assert pair.score < result.likely_threshold
    assert any("same file name in two folders" in r for r in pair.reasons)


ALERT = """Calendar alert generated by the intake job from the shared agenda.

- Meeting: {what}
- When: {when}
- Source: shared agenda of the operations team, synced every 15 minutes.
- Action: the owner confirms attendance in the decision inbox before the meeting.
- Guardrail: read-only, no reply is sent to the organiser without approval.
- Escalation: if nobody confirms within 2 hours the alert is repeated in the digest.
"""

MEETINGS = [("Payment provider contract review with PagBrasil", "2026-05-28 14:00"),
            ("Quarterly planning with the Fhits agency", "2026-06-24 12:30"),
            ("Stock cockpit review with the warehouse lead", "2026-06-01 17:00"),
            ("Gallery opening logistics with the framer", "2026-06-03 10:00"),
            ("Newsletter calendar with the content team", "2026-06-09 09:30"),
            ("Supplier onboarding call for packaging", "2026-06-12 15:00")]


def test_two_fillings_of_one_template_are_held_below_the_likely_band_unless_a_copy():
    from review_app.core.strategies.cues import pair_cues
    from review_app.core.strategies.template import note_lines, template_lines, template_only

    bodies = [ALERT.format(what=w, when=t) for w, t in MEETINGS]
    template = template_lines(note_lines(b) for b in bodies)
    a, b = note_lines(bodies[0]), note_lines(bodies[1])
    assert template_only(a, b, template) >= 2
    assert template_only(a, a, template) == 0  # a copy shares its own lines too
    one = _note("intake/a.md", "alert a", bodies[0])
    other = _note("intake/b.md", "alert b", bodies[1])
    same = _note("intake/c.md", "alert c", bodies[0])
    # a pair scoring high on its vectors (as in a vault of thousands: 0.97 for two dated
    # runs of one report) is held below the likely band by the template alone ...
    held = pair_cues(one, other, None, None, None, 4)
    assert held.adjust(0.97, 0.694) < 0.694
    assert held.features()["template_lines"] == 4
    assert any("the project's template" in r for r in held.reasons())
    # ... unless one is the other word for word
    assert not pair_cues(one, same, None, None, None, 4).held_as_template


SUPPLIER = """| Field | Detail |
|---|---|
| Supplier | {name} Lamps Ltd |
| Lamp type | 3 kW xenon short-arc, {life} hour rated life |
| Lead time | {lead} working days from order |
| Price | {price} GBP per lamp, free delivery over two lamps |
| Contact | {name} sales desk, weekdays 9-17 |

## Notes
- {name} lamps are fitted in screens {screens}.
- Warranty: {name} replaces a lamp failing before {warranty} hours.
"""


def test_template_siblings_named_for_two_suppliers_stay_out_of_the_likely_band(
        tmp_path: Path, scan_project):
    root = tmp_path / "kb"
    _write(root, "cinema/lamp-brightarc.md", SUPPLIER.format(
        name="BrightArc", life=1500, lead=5, price=410, screens="1 and 2", warranty=900),
        title="Lamp supplier BrightArc")
    _write(root, "cinema/lamp-xenolux.md", SUPPLIER.format(
        name="Xenolux", life=1800, lead=8, price=385, screens="3 and 4", warranty=1100),
        title="Lamp supplier Xenolux")
    _write(root, "cinema/popcorn.md", "Popcorn machine cleaned nightly; oil changed weekly.",
           title="Popcorn machine")
    _write(root, "cinema/rota.md", "Ushers work two evening shifts and one matinee a week.",
           title="Usher rota")
    result = scan_project(root, threshold=0.0)
    pair = result.score_pair("cinema/lamp-brightarc.md", "cinema/lamp-xenolux.md")
    assert pair.score < result.likely_threshold
    assert any("name each note is about" in r for r in pair.reasons)


def test_series_pair_stays_out_of_the_likely_band_and_says_why(tmp_path: Path, scan_project):
    root = tmp_path / "kb"
    _write(root, "plans/stollen-2025.md", PLAN_2025, title="Christmas stollen plan 2025",
           modified="2025-11-01")
    _write(root, "plans/stollen-2026.md", PLAN_2026, title="Christmas stollen plan 2026",
           modified="2026-11-01")
    _write(root, "plans/garden.md", "Plant garlic in October, harvest in July.",
           title="Garden calendar")
    _write(root, "plans/car.md", "Winter tyres go on in November at the garage.",
           title="Car maintenance")
    result = scan_project(root, threshold=0.0)
    pair = result.score_pair("plans/stollen-2025.md", "plans/stollen-2026.md")
    assert pair.score < result.likely_threshold
    assert pair.evidence["series"] == 1.0
    assert any("series" in r for r in pair.reasons)
    groups = result.regroup(0.3)
    assert all(g.band == "possible" for g in groups if "plans/stollen-2025.md" in g.paths)


LESSONS = "\n".join(
    f"## 2026-0{m}-1{d} {topic}\n{text}\n" for m, d, topic, text in [
        (1, 2, "Retries", "Retry HTTP calls three times with exponential backoff starting "
                          "at 200 ms; never retry a POST without an idempotency key."),
        (2, 4, "Timeouts", "Every outbound call carries a timeout; the default of none hung "
                           "the worker pool for an hour in January."),
        (3, 1, "Feature flags", "Flags older than two releases are removed; a flag left on "
                                "for months hid a broken code path."),
        (4, 3, "Migrations", "Schema migrations run forward only and are split from the "
                             "deploy that needs them."),
        (5, 5, "Logging", "Log lines carry the request id; without it the March incident "
                          "took a day to trace across services."),
    ])
RETRIES = ("Retry HTTP calls three times with exponential backoff starting at 200 ms; never "
           "retry a POST without an idempotency key.\n\nThe backoff doubles each time and is "
           "capped at five seconds so a queue does not stall.")


def test_a_log_note_is_recognised_by_its_shape():
    assert note_shape(_note("log.md", "Engineering lessons", LESSONS)) == "log"
    assert note_shape(_note("retries.md", "Retrying HTTP calls", RETRIES)) == ""


def test_one_lesson_inside_a_running_log_is_not_its_duplicate(tmp_path: Path, scan_project):
    """The lesson sits wholly inside the log, yet the log is not that note: its shape
    (dated entries) makes the pair count the log's coverage, which is one entry of five."""
    root = tmp_path / "kb"
    _write(root, "notes/engineering-lessons.md", LESSONS, title="Engineering lessons")
    _write(root, "notes/retrying-http-calls.md", RETRIES, title="Retrying HTTP calls")
    _write(root, "notes/retries-rewrite.md", RETRIES.replace("three times", "3 times")
           .replace("so a queue does not stall", "so that queues keep moving"),
           title="How we retry HTTP calls")
    _fillers(root)
    result = scan_project(root, threshold=0.0)
    lesson = result.score_pair("notes/engineering-lessons.md", "notes/retrying-http-calls.md")
    rewrite = result.score_pair("notes/retries-rewrite.md", "notes/retrying-http-calls.md")
    assert lesson.evidence["index_like"] == 1.0
    assert any("log note" in r for r in lesson.reasons)
    assert lesson.score < result.likely_threshold <= rewrite.score
    assert any("restate" in r or "inside" in r for r in rewrite.reasons)


def test_each_member_earns_its_band_from_its_own_pair_with_the_anchor():
    notes = {p: parse_note(p, f"---\ntitle: {p}\n---\nbody".encode())
             for p in ("a.md", "b.md", "index.md")}
    cands = [Candidate("a.md", "b.md", 0.95), Candidate("a.md", "index.md", 0.6),
             Candidate("b.md", "index.md", 0.6)]

    def score(x, y):
        return next(c for c in cands if {c.anchor, c.path} == {x.path, y.path})

    (group,) = build_groups(cands, notes, 0.5, score, likely_threshold=0.694)
    assert group.band == "likely"
    bands = {m.path: m.band for m in group.members}
    assert bands.get("index.md") == "possible"
    assert [b for p, b in bands.items() if p != "index.md"] == ["likely"]


def test_a_member_is_likely_only_when_its_pair_with_the_canonical_is_too():
    """The band a member shows must agree with the pair shown beside it (with the canonical,
    the one a merge acts on): an episode pack grouped around a posts note (0.82 against it)
    is shown at 0.51 against the hub note chosen as canonical, so it reads as possible."""
    dates = {"posts.md": "2026-05-01", "episode.md": "2026-05-02", "scripts.md": "2026-05-03",
             "hub.md": "2026-06-30"}
    notes = {p: parse_note(p, f"---\ntitle: {p}\nmodified: {d}\n---\nbody".encode())
             for p, d in dates.items()}
    cands = [Candidate("posts.md", "episode.md", 0.82), Candidate("posts.md", "scripts.md", 0.75),
             Candidate("posts.md", "hub.md", 0.68), Candidate("hub.md", "scripts.md", 0.67),
             Candidate("hub.md", "episode.md", 0.51), Candidate("episode.md", "scripts.md", 0.5)]

    def score(x, y):
        return next(c for c in cands if {c.anchor, c.path} == {x.path, y.path})

    (group,) = build_groups(cands, notes, 0.45, score, likely_threshold=0.694)
    assert group.anchor == "posts.md" and group.canonical == "hub.md"
    assert {m.path: m.band for m in group.members} == {
        "posts.md": "possible", "episode.md": "possible", "scripts.md": "possible"}
    assert group.band == "possible"


def test_a_copy_filed_under_another_year_is_not_held_as_a_series():
    from review_app.core.strategies.cues import pair_cues

    a = _note("plans/stollen-2025.md", "Christmas stollen plan 2025", PLAN_2025,
              modified="2025-11-01")
    copy = _note("plans/stollen-2026.md", "Christmas stollen plan 2026", PLAN_2025,
                 modified="2026-11-01")
    changed = _note("plans/stollen-2026b.md", "Christmas stollen plan 2026", PLAN_2026,
                    modified="2026-11-01")
    assert not pair_cues(a, copy, None, None).held_as_series
    assert pair_cues(a, changed, None, None).held_as_series


SKILL = """## Releasing a Python package
Bump the version in pyproject.toml, tag the commit as vX.Y.Z, and let the publish workflow
build the sdist and wheel with `python -m build` and upload them with trusted publishing.
Never upload from a laptop: the workflow signs the artefacts and records the provenance.

## Checking the release
Install the new wheel in a clean virtual environment, import the package, and run the smoke
test script; yank the release on PyPI at once if the import fails.

## Why we release this way
Two releases in March were uploaded by hand with a stale build folder and shipped last
month's code; since the workflow took over, every release has matched its tag.

## Open questions
Should release candidates go to TestPyPI first, or is the clean-environment check enough?
Maya wants a changelog check in the workflow before the upload step.
"""

SKILLS_COLLECTION = SKILL.split("## Why we release")[0] + """## Pinning dependencies
Applications pin exact versions in a lock file generated by uv; libraries declare ranges
with a lower bound only, and CI tests the lowest and the newest allowed versions.

## Formatting and linting
Ruff formats and lints every file on commit through pre-commit; the CI job fails on any
finding, and rules are switched off per file with a comment saying why.

## Type checking
Mypy runs in strict mode on the package and in normal mode on the tests; new modules may
not add ignores without a linked issue.
"""

RELEASE_CONDENSED = """## Releasing a Python package
Bump the version in pyproject.toml, tag the commit vX.Y.Z; the publish workflow builds the
sdist and wheel with `python -m build` and uploads them by trusted publishing. Never upload
from a laptop: the workflow signs the artefacts and records their provenance.

## Checking the release
Install the new wheel in a clean virtualenv, import it, run the smoke test script; yank the
release on PyPI immediately if the import fails.
"""


def test_a_skill_partly_restated_in_a_collection_is_related_not_a_duplicate(
        tmp_path: Path, scan_project):
    """The reader's rule: the skill shares two of its four sections with a collection that
    keeps three of its own, so both carry content of their own - related, held out of the
    likely band (it scored 0.72, likely, when partial coverage counted for identity); a
    condensed copy that sits wholly inside the skill stays a likely duplicate."""
    root = tmp_path / "kb"
    _write(root, "skills/python-release-skill.md", SKILL,
           title="Skill: releasing a Python package")
    _write(root, "skills/python-skills-collection.md", SKILLS_COLLECTION,
           title="Python skills collection")
    _write(root, "skills/release-quick-steps.md", RELEASE_CONDENSED,
           title="Python release quick steps")
    _fillers(root, "misc")
    result = scan_project(root, threshold=0.0)
    related = result.score_pair("skills/python-skills-collection.md",
                                "skills/python-release-skill.md")
    condensed = result.score_pair("skills/python-release-skill.md",
                                  "skills/release-quick-steps.md")
    assert related.score < result.likely_threshold <= condensed.score
    assert any(r.startswith("counts against: the smaller note is not wholly inside")
               for r in related.reasons)
    assert any("sits inside" in r for r in condensed.reasons)


def test_basic_memory_chunks_are_read_by_the_same_readers_rule(embedder):
    """basic-memory's chunk path (each note cut as basic-memory cuts it, embedded by its
    MiniLM, the bundled one) reads coverage by the rule the section path reads: how far the
    smaller note sits inside the bigger, against the reader's pivot. The skill's two chunks
    sit 81% inside a collection that keeps its own: not wholly inside, so it counts against
    (the old chunk rule lifted it, +0.96); the condensed copy inside the skill counts for."""
    from review_app.core.bm_vectors import chunk_text, entity_text
    from review_app.core.strategies.coverage import CHUNKS
    from review_app.core.strategies.cues import pair_cues

    def pieces(note):
        parts = chunk_text(entity_text(note))
        return embedder.embed(parts), np.asarray([len(p) for p in parts], np.float32)

    skill = _note("skills/python-release-skill.md", "Skill: releasing a Python package", SKILL)
    collection = _note("skills/python-skills-collection.md", "Python skills collection",
                       SKILLS_COLLECTION)
    condensed = _note("skills/release-quick-steps.md", "Python release quick steps",
                      RELEASE_CONDENSED)
    related = pair_cues(collection, skill, pieces(collection), pieces(skill), CHUNKS)
    copy = pair_cues(skill, condensed, pieces(skill), pieces(condensed), CHUNKS)
    assert related.cov is not None and related.cov.pieces >= 2
    assert related.inside == related.cov.small_big[0]
    assert related.coverage_shift() < 0 < copy.coverage_shift()


VACCINES = """## Cold storage
Vaccines are kept between 2 and 8 C in the pharmacy fridge; the fridge logs its temperature
every 15 minutes and alarms the on-call pharmacist by pager when it leaves the range for
more than 10 minutes. A thermometer with a min/max memory is read at every shift start.

## Transport to the wards
Doses go to the wards in insulated boxes with two frozen gel packs, packed no earlier than
30 minutes before the round. A box out for more than 2 hours is returned and its doses are
quarantined until the pharmacist checks the logger strip.

## Excursions
A dose that spent time outside 2-8 C is not thrown away at once: it is labelled
DO NOT USE, kept cold, and the manufacturer is asked whether it is still good, quoting the
logger's readings. The excursion is written in the incident log with its duration.

## Stock counts
The vaccine stock is counted every Friday against the dispensing system; a difference of
more than two doses is reported to the chief pharmacist the same day.

## Ordering
Orders go to the wholesaler by Tuesday noon for Thursday delivery; flu vaccine is
pre-ordered in March for the autumn campaign, 1,200 doses.

## Expiry
Doses within 30 days of expiry are moved to the front of the fridge and offered to the
occupational health clinic first.
"""

VACCINES_CONDENSED = """## Keeping doses cold
Vaccines stay at 2-8 C in the pharmacy fridge (logged every 15 minutes, pager alarm after
10 minutes out of range), go to the wards in insulated boxes with gel packs for at most 2
hours, and a dose that left 2-8 C is quarantined as DO NOT USE until the manufacturer rules
on it, with the excursion in the incident log.

## Stock
Count the stock each Friday against dispensing (report a gap over two doses the same day),
order by Tuesday noon for Thursday delivery (flu: 1,200 doses pre-ordered in March), and put
doses within 30 days of expiry up front for occupational health.
"""


def test_a_condensed_copy_is_read_against_runs_of_the_longer_notes_sections(embedder):
    """Each section of a condensed copy restates three sections of the longer note at once:
    matched section to section it is only partly inside (the earlier rule counted it
    against, -0.06); answered by a run of consecutive sections it sits wholly inside."""
    from review_app.core.strategies.coverage import SECTIONS, note_pieces
    from review_app.core.strategies.cues import pair_cues

    def pieces(note):
        parts = note_pieces(note.body)
        return embedder.embed(parts), np.asarray([len(p) for p in parts], np.float32)

    full = _note("pharmacy/vaccine-handling.md", "Vaccine handling", VACCINES)
    short = _note("pharmacy/vaccine-handling-short.md", "Vaccine handling, condensed",
                  VACCINES_CONDENSED)
    cues = pair_cues(full, short, pieces(full), pieces(short), SECTIONS)
    assert cues.coverage_shift() > 0
    assert cues.cov is not None and cues.cov.share_b < 0.95 <= cues.inside



def test_an_index_note_is_kept_out_of_the_likely_band_unless_each_restates_the_other():
    """A landing page (mostly one line per item: an index by shape) and the resource page it
    lists scored 0.83, likely, on a real vault: its less covered share (44%) lowered the
    score only a little. Like series members, such a pair stays below the likely band unless
    each restates the other; the score below the band is left as it was."""
    from review_app.core.strategies.coverage import SECTIONS, Coverage
    from review_app.core.strategies.cues import PairCues

    plain = series_cue(_note("a.md", "Event merchandise", "x"),
                       _note("b.md", "Event merchandise timeline", "y"))
    assert not plain.series

    def cues(share_a, share_b, shape):
        cov = Coverage(share_a, share_b, 13, 25, 5, 9, 3933.0, 5846.0, 0.0, 0.0)
        return PairCues(cov, SECTIONS, shape, "", plain)

    partial = cues(0.56, 0.44, "index")
    assert partial.held_as_index
    assert partial.adjust(0.883, 0.694) < 0.694
    assert 0.3 < partial.adjust(0.45, 0.694) < 0.694  # below the band: moved by coverage only
    assert not cues(0.95, 0.9, "index").held_as_index
    assert cues(0.95, 0.9, "index").adjust(0.883, 0.694) >= 0.694
    assert not cues(0.56, 0.44, "").held_as_index


def test_own_content_on_both_sides_decides_the_band_not_the_listing():
    """A rewrite that turns a checklist into prose and changes its values keeps sections
    with no close counterpart (score-F: a van check 13% inside its walkaround rewrite), as a
    related note does: the full reader's rule hid such pairs below the listing cut. The
    listing now reads containment alone; the own-content term only keeps the pair out of
    the likely band, where related notes are listed as possible."""
    from review_app.core.strategies.coverage import SECTIONS, Coverage
    from review_app.core.strategies.cues import PairCues

    plain = series_cue(_note("a.md", "Van pre-shift inspection checklist", "x"),
                       _note("b.md", "Vehicle daily walkaround check", "y"))
    # smaller note 45% inside the bigger, the bigger keeping 60% the smaller does not restate
    cov = Coverage(0.45, 0.40, 4, 2, 0, 0, 700.0, 1000.0, 0.2, 0.3)
    rewritten = PairCues(cov, SECTIONS, "", "", plain)
    assert rewritten.coverage_shift() < rewritten.listing_shift() < 0
    listed = rewritten.adjust(0.75, 0.694)
    assert 0.41 <= listed < 0.694  # listed, as possible (the full rule gave 0.34)
    # high on its vectors (0.85), yet each keeps content of its own: held just below the band
    assert 0.6 < rewritten.adjust(0.85, 0.694) < 0.694
    # one wholly inside the other: likely, as before
    inside = PairCues(Coverage(1.0, 0.9, 4, 4, 4, 3, 900.0, 1000.0, 0.0, 0.0), SECTIONS,
                      "", "", plain)
    assert inside.adjust(0.75, 0.694) >= 0.694


def test_a_smaller_note_mostly_inside_the_bigger_is_lifted_onto_the_listing():
    """A condensed card or an expanded procedure's short original, 80-96% restated in the
    other note in other words and values, scored 0.24-0.36 on its cosines (score-G/H) and the
    listing's containment term, centred on the reader's 0.85, lifted it at most 0.17 logit:
    it stayed off the listing. The listing's lift reads containment from 0.75 up (at most
    MAX_RISE); the band is the full rule's, so the pair is listed as possible."""
    from review_app.core.strategies.coverage import SECTIONS, Coverage
    from review_app.core.strategies.cues import MAX_RISE, PairCues

    plain = series_cue(_note("a.md", "Water quality quick card", "x"),
                       _note("b.md", "Water quality limits for life support", "y"))
    # the small card 84% inside the long note, which keeps 60% the card does not restate
    cov = Coverage(0.84, 0.40, 1, 6, 0, 2, 600.0, 1300.0, 0.0, 0.3)
    card = PairCues(cov, SECTIONS, "", "", plain)
    assert card.listing_shift() >= 0.7
    assert 0.41 <= card.adjust(0.27, 0.694) < 0.694  # listed as possible (before: 0.27)
    # wholly inside: the whole lift, no more
    whole = PairCues(Coverage(1.0, 0.4, 1, 6, 1, 2, 600.0, 1300.0, 0.0, 0.3), SECTIONS, "",
                     "", plain)
    assert whole.listing_shift() == MAX_RISE
    # a related note half inside the other is not lifted: its listing term stays negative
    half = PairCues(Coverage(0.5, 0.4, 3, 6, 1, 2, 600.0, 1300.0, 0.3, 0.3), SECTIONS, "",
                    "", plain)
    assert half.listing_shift() < 0
    assert half.adjust(0.30, 0.694) < 0.30


def test_reworded_titles_numbered_differently_are_a_chains_versions(tmp_path: Path,
                                                                    scan_project):
    """"Pickup policy v1" and "Collection procedure for parents (rev 2)": different numbers
    in titles that are reworded are the versions of one chain of rewrites, not two numbered
    things ("Postgres 14" / "Postgres 15"): no title-number penalty (score-G: 0.26 -> 0.69),
    but kept out of the likely band, and said in words."""
    from review_app.core.strategies.hybrid import numbered_rewording

    assert numbered_rewording(True, 0.34) and not numbered_rewording(True, 0.96)
    assert not numbered_rewording(False, 0.34)
    assert not numbered_rewording(True, 0.34, versions=False)  # "004 - ..." / "006 - ..."
    root = tmp_path / "kb"
    v1 = ("Children are only handed over to adults named on the enrolment form.\n\n"
          "- Parents may list up to 3 authorised collectors.\n"
          "- Anyone not on the list needs a phone call from the parent plus photo ID.\n"
          "- The collection window closes at 17:30; after 17:45 a late fee of 10 euros per "
          "15 minutes applies.\n"
          "- If nobody has come by 18:15 the manager calls the emergency contacts.\n"
          "- Under-16s may not collect.\n")
    rev2 = ("Revised after the staff meeting: who may take a child home.\n\n"
            "- Families may name up to 4 authorised collectors on the enrolment form.\n"
            "- Someone not named needs a call from the parent to the office and photo ID.\n"
            "- Collection closes at 17:45; from 18:00 the late fee is 12 euros per 15 "
            "minutes.\n"
            "- If nobody has arrived by 18:30 the manager phones the emergency contacts.\n"
            "- Collectors must be 18 or older.\n")
    _write(root, "kg/pickup-policy-v1.md", v1, title="Pickup policy v1")
    _write(root, "kg/collection-procedure-rev2.md", rev2,
           title="Collection procedure for parents (rev 2)")
    _write(root, "db/postgres-14-upgrade.md", "Upgrade the cluster to Postgres 14: dump, "
           "restore, analyse, then switch the connection string.", title="Postgres 14 upgrade")
    _write(root, "db/postgres-15-upgrade.md", "Upgrade the cluster to Postgres 15: dump, "
           "restore, analyse, then switch the connection string.", title="Postgres 15 upgrade")
    _write(root, "art/004-a-real-story.md", "## Hook\nA real customer story in one line.\n\n"
           "## Beats\nProblem, turn, result, call to action.", title="004 - A real story")
    _write(root, "art/006-a-founders-week.md", "## Hook\nA founder's week in one line.\n\n"
           "## Beats\nProblem, turn, result, call to action.", title="006 - A founder's week")
    _fillers(root)
    result = scan_project(root, threshold=0.0)
    chain = result.score_pair("kg/pickup-policy-v1.md", "kg/collection-procedure-rev2.md")
    assert chain.evidence["numbered_rewording"] == 1.0
    assert chain.evidence["number_conflict"] == 0.0
    assert 0.41 <= chain.score < result.likely_threshold
    assert any("reworded and numbered differently" in r for r in chain.reasons)
    numbered = result.score_pair("db/postgres-14-upgrade.md", "db/postgres-15-upgrade.md")
    assert numbered.evidence["number_conflict"] == 1.0
    assert "numbered_rewording" not in numbered.evidence
    # bare numbers of reworded titles number a series' members: the penalty stays
    ordinal = result.score_pair("art/004-a-real-story.md", "art/006-a-founders-week.md")
    assert ordinal.evidence["number_conflict"] == 1.0


DIRECTIVE = ("# /logos deep you are directing the deep workflow. Your team is a coder and a "
             "sage. During discussion stages with the sage, explore open ideas and refine "
             "them into computations to assign to the coder. You are autonomously directing "
             "the workflow for 20 iterations; when conclusions have been reached, open up a "
             "new exploration.")

SESSIONS = [
    "The sage proposed reading the hexagram graph as a Cayley graph of Z2^6; the coder "
    "checked that the 64 nodes and 384 edges match and found 3 orbits under reversal.",
    "We measured the King Wen pair distances: 28 of 32 pairs are reversals, 4 are "
    "complements; the coder wrote the table to kingwen/pairs.md.",
    "Ran the MEV flow signals backtest on 14 days of blocks: sandwich share fell from 31% "
    "to 22% after the relay change; the plan moves to cross-chain arbitrage next.",
    "Compared the five-phase cycle with the trigram wheel: 6 of 8 trigrams fit the "
    "generating cycle, the remaining 2 need the controlling cycle; written to wuxing.md.",
]


def _session(when: str, said: list[str]) -> str:
    lines = [f"**User** ({when}):", DIRECTIVE, ""]
    for s in said:
        lines += ["**Assistant**:", s, ""]
    return "\n".join(lines)


def test_a_note_with_no_content_of_its_own_restates_nothing(tmp_path: Path, scan_project):
    """A session holding only the pasted directive (every line of it recurs in many notes)
    is no session's duplicate; two copies of one session are (issue 19: empty stubs)."""
    root = tmp_path / "kb"
    for i, said in enumerate(SESSIONS):
        _write(root, f"sessions/s{i}.md", _session(f"2026-03-1{i} 20:09", [said]),
               title=f"Session: deep {i}")
    _write(root, "sessions/s9.md", _session("2026-03-19 21:40", SESSIONS[:2]),
           title="Session: deep 9")
    _write(root, "sessions/stub-a.md", _session("2026-03-20 20:09", []), title="Session: deep")
    _write(root, "sessions/stub-b.md", _session("2026-03-21 08:15", []), title="Session: deep")
    _write(root, "sessions/s0-copy.md", _session("2026-03-10 20:09", [SESSIONS[0]]),
           title="Session: deep 0 (copy)")
    _fillers(root, "sessions")
    result = scan_project(root, threshold=0.0)
    likely = result.likely_threshold
    stubs = result.score_pair("sessions/stub-a.md", "sessions/stub-b.md")
    assert stubs.score < likely
    assert any("no content of its own" in r for r in stubs.reasons)
    for other in ("sessions/s0.md", "sessions/s9.md"):
        assert result.score_pair("sessions/stub-a.md", other).score < likely
    assert result.score_pair("sessions/s0.md", "sessions/s0-copy.md").score >= likely


def test_a_note_whose_body_says_nothing_is_known_by_its_title_not_held_as_a_stub():
    """Only a template and nothing else is a stub: a question whose body is "hmm?" (SemEval
    dev Q299_R4) says what it asks in its title and may be a duplicate."""
    from review_app.core.strategies.template import no_own_content, note_lines, template_lines

    bodies = [_session(f"2026-03-1{i} 20:09", [s]) for i, s in enumerate(SESSIONS)]
    bodies += [_session("2026-03-20 20:09", []), "hmm?"]
    lines = [note_lines(b) for b in bodies]
    template = template_lines(lines)
    assert no_own_content(lines[-2], template)
    assert not no_own_content(lines[-1], template)
    assert not any(no_own_content(ln, template) for ln in lines[:-2])


DAYS = ["Reviewed the supplier contract for the cold-chain vans and flagged the penalty clause "
        "on late deliveries; legal to answer by Friday.",
        "Moved the warehouse stock count to Thursdays so the evening shift can cover it; the "
        "scanner batteries need replacing before then."]


def test_an_empty_dated_daily_note_restates_nothing(tmp_path: Path, scan_project):
    """Daily notes an agent opened and left ("# 2026-03-04" over "No entries.", "Daily log
    2026-03-05" under a heading) name only a day: two of them are no duplicates (issue 19,
    a held-out vault's 6 wrong likely pairs), while one filed twice still is, and a question
    with an empty body is known by its title (SemEval)."""
    root = tmp_path / "kb"
    _write(root, "daily/2026-03-04.md", "# 2026-03-04\n\nNo entries.\n", title="2026-03-04")
    _write(root, "daily/2026-03-06.md", "# 2026-03-06\n", title="2026-03-06")
    _write(root, "daily/2026-03-06-copy.md", "# 2026-03-06\n", title="2026-03-06")
    for day in ("05", "07", "09"):
        _write(root, f"daily/log-{day}.md", f"# Daily log 2026-03-{day}\n\nNo entries.\n",
               title=f"Daily log 2026-03-{day}")
    for day, said in zip(("10", "11"), DAYS, strict=True):
        _write(root, f"daily/log-{day}.md", f"# Daily log 2026-03-{day}\n\n{said}\n",
               title=f"Daily log 2026-03-{day}")
    _write(root, "q/reset.md", "hmm?", title="How do I reset a forgotten git password")
    _write(root, "q/reset-2.md", "anyone?", title="Resetting a forgotten git password")
    _fillers(root)
    result = scan_project(root, threshold=0.0)
    likely = result.likely_threshold
    stubs = ["daily/2026-03-04.md", "daily/2026-03-06.md", "daily/log-05.md", "daily/log-07.md",
             "daily/log-09.md"]
    for i, a in enumerate(stubs):
        for b in stubs[i + 1:]:
            assert result.score_pair(a, b).score < likely, (a, b)
    held = result.score_pair("daily/log-05.md", "daily/log-07.md")
    assert any("no content of its own" in r for r in held.reasons)
    assert result.score_pair("daily/2026-03-06.md", "daily/2026-03-06-copy.md").score >= likely
    asked = result.score_pair("q/reset.md", "q/reset-2.md")
    assert not asked.evidence.get("no_own_content")


def test_a_name_recurring_in_many_notes_names_a_series_not_a_subject():
    from review_app.core.strategies.template import generic_names, note_names

    names = [note_names(f"Daily log 2026-03-0{d}", f"# Daily log 2026-03-0{d}\n## Tasks\n")
             for d in range(1, 4)]
    names.append(note_names("How do I reset a forgotten git password", "hmm?"))
    generic = generic_names(names)
    assert names[0] == {"daily log", "tasks"} and names[0] <= generic
    assert not names[-1] <= generic
    assert note_names("2026-03-04", "") <= generic



PREAMBLE = """## Tool instructions
You are a coding agent working inside the repository; read files before you edit them.
Use the shell tool for commands and the editor tool for edits, one change at a time.
Never push to the main branch; open a pull request and wait for the review to pass.
When a command fails, read its error output in full before trying anything else.
Keep answers short: say what you changed, which tests you ran, and what is left undone.
Sign every summary with the agent's name and the date of the session it belongs to.
Ask the user before deleting any file, branch or record that you did not create yourself.

## Review checklist
Run the full test suite before you say a change is done, not only the tests you touched.
Check the linters and the type checker; fix what they report in the files you changed.
Write the commit message in the imperative mood and say why the change was made.
Link the issue the change belongs to, and close it only when the user confirms the fix.

## Memory
Save what you learned about the project to the memory notes at the end of each session.
Read the memory notes at the start of each session before you answer the first question.
"""

TALKS = {
    "Flaky login tests": "Investigated flaky login tests: the fixture reused one browser "
    "profile across tests, so cookies leaked between them; each test now gets a fresh profile.",
    "Slow login page": "Investigated the slow login page: the session lookup ran one query per "
    "permission; we batched it into one query and the page loads in 200 ms instead of 2 s.",
    "Invoice export nulls": "The user asked why the invoice export drops rows with a null "
    "customer id; we traced it to an inner join in the export query and switched it to a "
    "left join with a test.",
    "Thumbnailer timeouts": "We profiled the image thumbnailer: resizing ran on the request "
    "thread, so uploads of large photos timed out; the resize now runs in the worker queue.",
    "Settings forms migration": "Planned the migration of the settings page to the new form "
    "library: three forms, validation moves to the schema, the old helpers get deleted.",
    "Nightly backup check": "Set up the nightly backup check: it restores last night's dump "
    "into a scratch database and compares row counts of the ten largest tables.",
}


def test_archives_sharing_pasted_boilerplate_are_read_by_their_own_text(
        tmp_path: Path, scan_project):
    """Session archives each carrying one long pasted instruction block (its lines in many
    notes: boilerplate) and discussing different things: coverage weighs each part by its
    own text, so two archives on two login bugs are not "each restates the other" (issue 19:
    a held-out vault's archives, 1 likely and 8 possible pairs), while one session filed
    twice stays likely."""
    import shutil

    root = tmp_path / "kb"
    shutil.copytree(Path(__file__).parent / "data" / "rewrite_kb", root / "kb")
    place = "Working directory: /home/dev/shop-web, branch develop."  # two sessions' own line
    for i, (title, talk) in enumerate(TALKS.items()):
        _write(root, f"archive/s{i}.md",
               f"{PREAMBLE}\n## Conversation\n{place if i < 2 else ''}\n{talk}\n",
               title=title)
    _write(root, "archive/s2-again.md",
           f"{PREAMBLE}\n## Conversation\n\n{TALKS['Invoice export nulls']}\n",
           title="Invoice export nulls (session)")
    result = scan_project(root, threshold=0.0)
    login = result.score_pair("archive/s0.md", "archive/s1.md")
    assert login.score < result.strategy.listing_threshold, (login.score, login.reasons)
    assert not any("each restates the other" in r for r in login.reasons)
    assert result.score_pair("archive/s2.md", "archive/s2-again.md").score >= \
        result.likely_threshold
