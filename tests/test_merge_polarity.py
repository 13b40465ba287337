"""An older unit the newest contradicts in other words, with no number to compare
(one of the two negated, the nearest in meaning on one subject), is superseded by the
newest unit, not carried beside it; older observations too (pass_polarity)."""

from __future__ import annotations

from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.negation import negated
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _skatepark() -> tuple:
    newest = dated("skatepark/house-rules-2026.md", "Skatepark house rules 2026",
                   "skatepark-house-rules-2026",
                   "Open daily from 10:00; the park is run by the Riverside trust.\n\n"
                   "## Sessions\n\n"
                   "Evening sessions run Tuesday and Thursday from 18:00.\n\n"
                   "Beginners' clinics are on Saturday mornings.\n\n"
                   "## Equipment\n\n"
                   "Helmets are compulsory for riders under 16.\n\n"
                   "Scooters are welcome on the street course.\n",
                   modified="2026-04-01")
    older = dated("skatepark/house-rules.md", "Skatepark house rules",
                  "skatepark-house-rules",
                  "Open daily from 10:00; the park is run by the Riverside trust.\n\n"
                  "## Sessions\n\n"
                  "We no longer offer evening sessions to members.\n\n"
                  "Beginners' clinics are on Saturday mornings.\n\n"
                  "The bowl is closed for resurfacing every March.\n\n"
                  "## Equipment\n\n"
                  "Kick scooters are not allowed on the street course.\n\n"
                  "Pads can be hired at the kiosk for GBP 3.\n\n"
                  "## Observations\n\n"
                  "- [rule] Scooters are never allowed on the street course\n",
                  modified="2025-04-01")
    return newest, older


def test_an_older_unit_of_the_other_polarity_is_superseded_by_the_newest() -> None:
    newest, older = _skatepark()
    composed = compose("merge", newest, [older])
    text = composed.text
    assert "no longer offer evening sessions" not in text
    assert "Kick scooters are not allowed" not in text
    assert "never allowed" not in text
    # (the rules carry these two: "offer", "members" and the observation are new words)
    for fragment, by in (("no longer offer evening", "Evening sessions run Tuesday"),
                         ("[rule] Scooters", "Scooters are welcome")):
        e = entry(composed, fragment)
        assert e.status == "superseded", (fragment, e.status, e.why)
        assert e.by_text is not None and e.by_text.startswith(by), e.by_text
        assert e.flips == ("newer", "older")
    # the older facts nothing in the newest speaks to are still carried
    assert "Pads can be hired at the kiosk for GBP 3." in text
    assert "resurfacing every March" in text
    check_ledger(composed)
    # the ledger says what superseded it
    line = next(ln for ln in composed.ledger.lines() if "no longer offer evening" in ln)
    assert line.startswith("~ superseded") and "by: Evening sessions run Tuesday" in line


def test_the_person_can_keep_the_older_unit_of_a_contradicted_pair() -> None:
    newest, older = _skatepark()
    key = entry(compose("merge", newest, [older]), "no longer offer evening").key
    text = compose("merge", newest, [older], choices={key: "older"}).text
    assert "We no longer offer evening sessions to members." in text
    assert "Evening sessions run Tuesday" not in text


def test_the_same_polarity_or_another_subject_is_no_contradiction() -> None:
    newest, older = _skatepark()
    # a negated older unit on a subject no nearby newest unit speaks of is carried
    other = dated("skatepark/house-rules-2024.md", "Skatepark house rules 2024",
                  "skatepark-house-rules-2024",
                  "## Equipment\n\nBikes are not permitted in the bowl.\n",
                  modified="2024-04-01")
    composed = compose("merge", newest, [other])
    assert entry(composed, "Bikes are not permitted").status == "carried"
    assert negated("Scooters aren't allowed", ENGLISH)
    assert negated("We no longer run it", ENGLISH)
    assert not negated("Scooters are welcome on the street course", ENGLISH)
    assert not negated("Helmets are compulsory; no-show fees apply", ENGLISH)


def test_an_open_to_do_or_another_clause_contradicts_nothing() -> None:
    newest = dated("skatepark/jobs-2026.md", "Skatepark jobs 2026", "skatepark-jobs-2026",
                   "## Ramps\n\n- [ ] Fit new coping on the mini ramp\n\n"
                   "The bowl had no water after the storm, so we pumped it dry; the pump "
                   "is hired from Kerr Plant.\n", modified="2026-04-01")
    older = dated("skatepark/jobs.md", "Skatepark jobs", "skatepark-jobs",
                  "## Ramps\n\nThe mini ramp has no coping along the deck edge.\n\n"
                  "The pump is kept in the blue container by the gate.\n",
                  modified="2025-04-01")
    composed = compose("merge", newest, [older])
    # a to-do says what is to be done, not what is: the older state stands
    assert entry(composed, "mini ramp has no coping").status == "carried"
    # "no water" is in another clause than the one about the pump
    assert entry(composed, "The pump is kept").status == "carried"
    check_ledger(composed)
