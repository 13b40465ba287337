""""No X needed" states that a thing is not needed, a claim an instruction to do it
contradicts; it is no rule forbidding an act (Lexicon.need_words, pass_polarity.
forbids_other_act): merge-BJ kept the older "[process] No agitation needed in vertical
tank" beside "Agitate the plate every 10 minutes". A prohibition ("No food at the
counter") still contradicts only a statement of the act it forbids. Domain: a camera
shop, which no other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.pass_polarity import forbids_other_act
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_not_needed_is_a_state() -> None:  # failed before
    older = dated("camera-shop/sensor-cleaning.md", "Sensor cleaning", "sensor-cleaning",
                  "How we clean sensors for customers.\n\n"
                  "## Steps\n1. Blow the chamber out with the rocket blower.\n"
                  "2. Swab the sensor once, edge to edge.\n\n"
                  "## Observations\n- [process] No magnification needed in the viewer #sensor\n",
                  modified="2024-03-01")
    newest = dated("camera-shop/sensor-cleaning-v2.md", "Sensor cleaning v2",
                   "sensor-cleaning-v2",
                   "How we clean sensors for customers, after the March complaints.\n\n"
                   "## Steps\n1. Blow the chamber out with the rocket blower.\n"
                   "2. Swab the sensor once, edge to edge.\n"
                   "3. Magnify the sensor in the loupe after every swab.\n",
                   modified="2024-07-01")
    composed = compose("merge", newest, [older])
    e = entry(composed, "No magnification needed")
    assert e.status == "superseded" and "Magnify the sensor" in e.by_text
    assert "No magnification needed" not in composed.text
    check_ledger(composed)


def test_a_prohibition_still_forbids_only_its_act() -> None:  # passes before
    assert forbids_other_act(None_ctx(), "No food at the counter.",
                             "Take a test shot at f/16 against the light box.")
    assert not forbids_other_act(None_ctx(), "No test shot needed after swabbing.",
                                 "Take a test shot at f/16 against the light box.")


def None_ctx():  # noqa: N802 - what forbids_other_act reads of a context
    from types import SimpleNamespace

    from review_app.core.merge.thresholds import Thresholds
    return SimpleNamespace(lexicon=ENGLISH, thresholds=Thresholds())
