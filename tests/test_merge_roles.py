"""Issue 18, fourth round: a role that changed hands. An older unit naming a person in
a slot (the role noun or label before the name, or what the person does after it)
where the newest names another person is a superseded value, with its flip; an older
holder of a role the newest does not speak to is carried. Domain: a lifeboat station
(no other merge test uses it); the first two tests fail on the engine before it."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)


OLDER = note("lifeboat/crew-roles.md", fm("Crew roles", "2025-02-01") + (
    "How a Saturday launch runs at Porthallow lifeboat station (slip 2, Harbour Road).\n"
    "Coxswain: Morag Reid.\n\n## Launch checks\n\n"
    "Two pager tests a month keep the crew on the roster.\n"
    "The station mechanic, Ewan Hart, signs off launches every Sunday.\n"
    "Training officer: Ruth Cole.\n\n"
    "## Observations\n\n- [rule] Pagers tested weekly #pagers\n"))


def test_a_label_with_another_persons_name_is_superseded_whoever_else_the_newest_names():
    newer = note("lifeboat/crew-roles-2025-10.md", fm("Crew roles (Oct 2025)", "2025-10-04") + (
        "Saturday launch at Porthallow lifeboat station, slip 2, Harbour Road. Coxswain "
        "from March:\nDeclan Orr (Morag Reid now trains new crew).\n\n## Launch checks\n\n"
        "Two pager tests a month keep the crew on the roster.\n"
        "Launches are signed off every Sunday by the deputy coxswain, Isla Frost.\n\n"
        "## Observations\n\n- [rule] Pagers tested weekly #pagers\n"
        "- [owner] Isla Frost signs off launches #mechanics\n"))
    for action in ("merge", "update"):
        c = compose(action, newer, [OLDER], now=NOW)
        e = entry(c, "Coxswain: Morag Reid")
        assert e.status == "superseded" and "Declan Orr" in (e.by_text or ""), action
        assert e.flips == ("newer", "older")
        assert "Coxswain: Morag Reid" not in c.text
        # what the person does, after the name: "Isla Frost signs off launches"
        e = entry(c, "Ewan Hart")
        assert e.status == "superseded" and "Isla Frost" in (e.by_text or ""), action
        assert "Ewan Hart" not in c.text


def test_a_role_the_newest_does_not_speak_to_is_carried_with_its_holder():
    newer = note("lifeboat/crew-roles-2025-10.md", fm("Crew roles (Oct 2025)", "2025-10-04") + (
        "How the Porthallow lifeboat crew is organised. Coxswain: Declan Orr.\n\n"
        "## Launch checks\n\nThe station mechanic, Ewan Hart, signs off launches every "
        "Sunday.\n\n## Observations\n\n- [rule] Pagers tested weekly #pagers\n"))
    c = compose("merge", newer, [OLDER], now=NOW)
    assert entry(c, "Training officer: Ruth Cole").status == "carried"
    assert "Training officer: Ruth Cole." in c.text
    assert entry(c, "Coxswain: Morag Reid").status == "superseded"
