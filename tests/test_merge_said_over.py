"""Issue 18, seventh round: what an older note states that the newest contradicts
without a value of the same shape (core/merge/pass_said_over.py, after pass 4).

- In words: the newest says the thing is gone ("no deposit is taken any more"),
  replaced ("Kittiwake replaced Gannet"), done ("signed") or that a person left; an
  older observation or sentence stating it as current is superseded, in update and
  merge, with the newest unit named and the flip that writes it back.
- With another value for the thing a value measures, in a sentence of another shape
  ("1,200 litre capacity" / "[capacity] ... 1,500 litres"; "the working
  temperature of 14 °C" / "working cellar temperature is 12 °C").
Domains: a diving club and a winery (no other merge test uses them); every test fails
on the engine before pass_said_over.py.
"""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)

CLUB_OLD = note("diving/kit-and-boats.md", fm("Kit and boats", "2025-01-10") + (
    "How the Pembroke Sub-Aqua Club lends kit and runs its boats. Dive officer: Gwen "
    "Morgan.\n\n## Kit loans\n\nMembers borrow regulators and BCDs from the store on "
    "Thursday evenings.\n\n## Boats\n\nThe club keeps its boats at Neyland marina.\n\n"
    "## Observations\n\n- [fee] Equipment deposit is GBP 40 #kit\n"
    "- [boats] Two RIBs, Osprey and Gannet #boats\n"
    "- [boats] Osprey is moored at pontoon 3 #boats\n"
    "- [status] Pool hire contract under negotiation #pool\n"
    "- [pool] Pool hire covers Tuesday evenings #pool\n"))

CLUB_NEW = note("diving/kit-and-boats-2025-09.md", fm("Kit and boats (Sept 2025)", "2025-09-20") + (
    "How the Pembroke Sub-Aqua Club lends kit and runs its boats. Gwen Morgan left the "
    "club in June; the committee now plans the dives.\n\n## Kit loans\n\nMembers "
    "borrow regulators and BCDs from the store on Thursday evenings. Since the club "
    "insured its kit, no equipment deposit is taken any more.\n\n## Boats\n\nThe "
    "club keeps its boats at Neyland marina. The pool hire contract (signed 2 May "
    "2025) runs to 2027.\n\n## Observations\n\n"
    "- [boats] Kittiwake replaced Gannet in March #boats\n"
    "- [kit] Kit insured by the club #kit\n"))


def test_an_older_observation_the_newest_says_is_gone_replaced_or_done_is_superseded():
    for action in ("update", "merge"):
        c = compose(action, CLUB_NEW, [CLUB_OLD], now=NOW)
        gone = entry(c, "Equipment deposit is GBP 40")
        assert gone.status == "superseded", (action, gone)
        assert "no equipment deposit is taken any more" in (gone.by_text or "")
        assert gone.flips == ("newer", "older")
        replaced = entry(c, "Two RIBs, Osprey and Gannet")
        assert replaced.status == "superseded" and "Kittiwake" in (replaced.by_text or "")
        done = entry(c, "Pool hire contract under negotiation")
        assert done.status == "superseded" and "signed" in (done.by_text or "")
        for text in ("GBP 40", "Osprey and Gannet", "under negotiation"):
            assert text not in c.text, (action, text)
        # what the newest does not say is over stays: the boat not replaced, the
        # contract's terms (no "open" in them)
        assert entry(c, "Osprey is moored at pontoon 3").status == "carried"
        assert entry(c, "Pool hire covers Tuesday evenings").status == "carried"
        check_ledger(c)


def test_a_person_the_newest_says_left_is_no_current_holder_and_the_flip_writes_it_back():
    c = compose("merge", CLUB_NEW, [CLUB_OLD], now=NOW)
    e = entry(c, "Dive officer: Gwen Morgan")
    assert e.status == "superseded" and "left the club" in (e.by_text or ""), e
    assert "Dive officer: Gwen Morgan" not in c.text
    kept = compose("merge", CLUB_NEW, [CLUB_OLD], now=NOW, choices={e.key: "older"})
    assert "Dive officer: Gwen Morgan" in kept.text


WINE_OLD = note("winery/press-house.md", fm("Press house", "2025-02-03") + (
    "The press house at Hillcrest (Cellar 2, 1,200 litre capacity, pneumatic press "
    "from Bucher) handles every white grape we pick.\n\n## Fermentation\n\n"
    "Whites ferment in steel tanks. The tanks are cooled at 2 °C per hour down to the "
    "working cellar temperature of 14 °C.\n\nThe lees are stirred twice a week by "
    "Anouk Verhoeven.\n\n## Cellar door\n\nPrice per case (six bottles, any white) after "
    "trade discount: EUR 96.00.\n\n"
    "## Observations\n\n- [press] Pneumatic press from Bucher #press\n"))

WINE_NEW = note("winery/press-house-2025-08.md", fm("Press house (Aug 2025)", "2025-08-18") + (
    "The press house at Hillcrest got a larger press in July.\n\n## Fermentation\n\n"
    "Whites ferment in steel tanks, cooled at 2 °C per hour; the working cellar "
    "temperature is 12 °C since the new chiller.\n\n## Cellar door\n\nOpen Saturdays "
    "from 10:00.\n\n## Observations\n\n"
    "- [capacity] The press takes 1,500 litres #press\n"
    "- [price] A case costs EUR 102.00 after trade discount #sales\n"))


def test_an_older_value_is_superseded_by_the_newer_value_of_the_thing_it_measures():
    c = compose("merge", WINE_NEW, [WINE_OLD], now=NOW)
    capacity = entry(c, "1,200 litre capacity")
    assert capacity.status == "superseded", capacity
    assert "1,500 litre" in (capacity.by_text or "")
    cellar = entry(c, "working cellar temperature of 14 °C")
    assert cellar.status == "superseded" and "12 °C" in (cellar.by_text or ""), cellar
    # the label's words name what a value after "Label:" measures
    case = entry(c, "after trade discount: EUR 96.00")
    assert case.status == "superseded" and "EUR 102.00" in (case.by_text or ""), case
    assert "1,200 litre" not in c.text and "14 °C" not in c.text and "96.00" not in c.text
    # a fact of another thing stays
    assert entry(c, "stirred twice a week by Anouk Verhoeven").status == "carried"
    check_ledger(c)
