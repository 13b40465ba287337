"""One template filled for two different things is two notes (issue 19, concept vaults).

An astronomy concept vault whose agent fills one template per concept ("What it is",
"Why it matters", "Key facts", "Related concepts"): two space probes, two kinds of
eclipse, a star class and its neighbour share headings, domain words and most of their
vectors, yet each is its own concept; a plural title rewritten with the same facts is one.
"""

from __future__ import annotations

from pathlib import Path

from review_app.core.notes import parse_note, render_note
from review_app.core.strategies.concept import ConceptIndex, versions_only

CONCEPT = """## What it is
{what}

## Why it matters
{why}

## Key facts
{facts}

## Related concepts
{related}
"""

NOTES = {
    "Voyager 1": (
        "Voyager 1 is a NASA space probe launched in September 1977 to study the outer "
        "planets; it crossed the heliopause in August 2012 and is the most distant "
        "human-made object.",
        "Its plasma wave instrument measured the density of interstellar space for the first "
        "time, showing where the Sun's bubble of solar wind ends.",
        "- Flew past Jupiter in March 1979 and Saturn in November 1980\n"
        "- Carries a golden record with sounds and greetings in 55 languages\n"
        "- Its radioisotope generators lose about 4 watts a year",
        "[[Heliopause]] [[Golden Record]] [[Deep Space Network]]"),
    "Voyager 2": (
        "Voyager 2 is a NASA space probe launched in August 1977 to study the outer "
        "planets; it crossed the heliopause in November 2018 and is the only probe to have "
        "visited Uranus and Neptune.",
        "Its plasma instrument measured the density of interstellar space directly, showing "
        "where the Sun's bubble of solar wind ends.",
        "- Flew past Jupiter in July 1979, Saturn in August 1981 and Neptune in August 1989\n"
        "- Carries a golden record with sounds and greetings in 55 languages\n"
        "- Its radioisotope generators lose about 4 watts a year",
        "[[Heliopause]] [[Golden Record]] [[Deep Space Network]]"),
    "Pulsar": (
        "A pulsar is a rotating neutron star whose beams of radio emission sweep past Earth "
        "like a lighthouse, seen as pulses as regular as atomic clocks.",
        "Jocelyn Bell Burnell found the first one, PSR B1919+21, in 1967 with a chart "
        "recorder at Cambridge; timing arrays now use millisecond pulsars to sense "
        "gravitational waves.",
        "- Periods range from 1.4 milliseconds to about 23 seconds\n"
        "- The Crab pulsar spins 30 times a second inside its supernova remnant\n"
        "- Spin-down is measured to one part in a quadrillion",
        "[[Neutron Star]] [[Supernova Remnant]]"),
    "Pulsars": (
        "Pulsars are spinning neutron stars: their radio beams cross our line of sight once "
        "a turn, so we receive pulses with clock-like regularity.",
        "The first, PSR B1919+21, was spotted by Jocelyn Bell Burnell on a Cambridge chart "
        "recorder in 1967; millisecond pulsars in timing arrays now detect gravitational "
        "waves.",
        "- The Crab pulsar turns 30 times per second inside its supernova remnant\n"
        "- Periods run from 1.4 milliseconds up to roughly 23 seconds\n"
        "- Spin-down rates are known to one part in a quadrillion",
        "[[Neutron Star]] [[Supernova Remnant]]"),
    "Red Dwarf": (
        "A red dwarf is a small, cool main-sequence star of under half the Sun's mass that "
        "burns hydrogen so slowly it can shine for trillions of years.",
        "Most stars near the Sun are red dwarfs, and their habitable zones sit so close that "
        "planets there, like those of TRAPPIST-1, are tidally locked and flare-blasted.",
        "- Proxima Centauri, the nearest star, is a red dwarf 4.24 light years away\n"
        "- Fully convective interiors mix all their hydrogen into the core\n"
        "- Surface temperatures of 2,300 to 3,800 kelvin",
        "[[Main Sequence]] [[Habitable Zone]] [[Brown Dwarf]]"),
    "Brown Dwarf": (
        "A brown dwarf is a substellar object between 13 and 80 Jupiter masses, too light "
        "to fuse ordinary hydrogen, glowing from the heat of its contraction.",
        "Brown dwarfs bridge stars and giant planets; the WISE survey found them by the "
        "hundreds in the solar neighbourhood, including Luhman 16 at 6.5 light years.",
        "- Deuterium burns briefly in the heavier ones\n"
        "- Spectral classes L, T and Y, the coldest near room temperature\n"
        "- Weather of iron and silicate clouds seen as brightness changes",
        "[[Red Dwarf]] [[Exoplanet]]"),
    "Transit Photometry": (
        "Transit photometry finds planets by the dip in a star's light when a planet crosses "
        "its face, the depth giving the planet's size.",
        "Kepler used it to find thousands of worlds in a single patch of Cygnus, showing that "
        "small planets are common.",
        "- A Jupiter dims a Sun-like star by about 1 percent, an Earth by 0.01 percent\n"
        "- Only orbits viewed edge-on transit\n"
        "- TESS watches the brightest nearby stars in 27-day sectors",
        "[[Exoplanet]] [[Kepler]]"),
    "Solar Eclipse": (
        "A solar eclipse happens when the Moon passes between the Sun and Earth and its "
        "shadow falls on part of Earth, blocking the Sun's light for a few minutes.",
        "Eclipses let astronomers see the corona and test general relativity; Eddington's "
        "1919 expedition measured starlight bending around the Sun during totality.",
        "- Totality lasts at most about 7.5 minutes at one place\n"
        "- Happens only at new moon, when the Moon crosses the ecliptic\n"
        "- Looking at the Sun without eclipse glasses burns the retina",
        "[[Lunar Eclipse]] [[Saros Cycle]] [[Corona]]"),
    "Lunar Eclipse": (
        "A lunar eclipse happens when Earth passes between the Sun and the Moon and its "
        "shadow falls on the Moon, dimming it to a coppery red for up to an hour.",
        "Eclipses let astronomers measure Earth's atmosphere by the light it bends; "
        "Aristotle saw Earth's round shadow on the Moon and argued the Earth is a sphere.",
        "- Totality lasts up to about 1 hour 47 minutes\n"
        "- Happens only at full moon, when the Moon crosses the ecliptic\n"
        "- Safe to watch with the naked eye from the whole night side of Earth",
        "[[Solar Eclipse]] [[Saros Cycle]] [[Blood Moon]]"),
}


def _note(title: str, body: str):
    path = title.lower().replace(" ", "-") + ".md"
    return parse_note(path, render_note({"title": title}, body).encode())


def _vault() -> list:
    return [_note(t, CONCEPT.format(what=w, why=y, facts=f, related=r))
            for t, (w, y, f, r) in NOTES.items()]


def _cue(notes: list, a: str, b: str) -> str:
    rows = {n.title: i for i, n in enumerate(notes)}
    return ConceptIndex(notes, range(len(notes))).cue(rows[a], rows[b])


def test_titles_differing_only_by_a_number_or_version_name_two_things():
    assert versions_only("Voyager 1", "Voyager 2")
    assert versions_only("RIPv1", "RIPv2") and versions_only("RIP", "RIPv2")
    assert not versions_only("Pulsar", "Pulsars")
    assert not versions_only("CWE-20", "CWE-20 Improper Input Validation")
    # a bare number added to a title is how an agent may file its copy, not a version
    assert not versions_only("Telescope time request", "Telescope time request 128")


def test_one_template_filled_for_two_things_is_said_in_words():
    notes = _vault()
    # two probes: their titles differ only by a number
    why = _cue(notes, "Voyager 1", "Voyager 2")
    assert "same template, about different things: Voyager 1 vs Voyager 2" in why
    assert "number, version or ID" in why
    # one lists the other among its related concepts
    assert "one lists the other as another concept" in _cue(notes, "Brown Dwarf", "Red Dwarf")
    # a plural title rewritten with the same facts is one concept: not held
    assert _cue(notes, "Pulsar", "Pulsars") == ""


def test_distinctive_content_not_covering_each_other_is_two_concepts():
    notes = _vault()
    why = _cue(notes, "Pulsar", "Transit Photometry")
    assert "of their distinctive words" in why


def test_too_few_distinctive_words_are_no_evidence():
    notes = _vault()
    notes.append(_note("Comet Tail", CONCEPT.format(what="Dust pushed by sunlight.", why="-",
                                                    facts="- Ion tail", related="")))
    notes.append(_note("Meteor Shower", CONCEPT.format(what="Grains burning up.", why="-",
                                                       facts="- Radiant", related="")))
    assert _cue(notes, "Comet Tail", "Meteor Shower") == ""


def test_notes_with_headings_of_their_own_are_not_one_template():
    notes = _vault()
    own = _note("Voyager 3", "## Launch\nA design study never flown.\n\n## Budget\nNone.\n")
    notes.append(own)
    rows = {n.title: i for i, n in enumerate(notes)}
    index = ConceptIndex(notes, range(len(notes)))
    assert not index.same_template(rows["Voyager 1"], rows["Voyager 3"])
    assert index.cue(rows["Voyager 1"], rows["Voyager 3"]) == ""


def test_an_acronym_or_an_id_the_other_carries_is_one_subject():
    notes = _vault()
    dsn = CONCEPT.format(
        what="NASA's network of big radio dishes at Goldstone, Madrid and Canberra that "
             "talks to probes far from Earth.",
        why="Without its 70-metre antennas no Voyager data would reach the ground.",
        facts="- Three sites about 120 degrees apart keep a probe always in view",
        related="{link}")
    notes.append(_note("Deep Space Network", dsn.format(link="[[Heliopause]]")))
    notes.append(_note("DSN", dsn.format(link="[[Deep Space Network]]")))
    notes.append(_note("NASA-31 Voyager probe", CONCEPT.format(
        what="The NASA-31 programme paid for the Mariner Jupiter-Saturn studies.",
        why="Its budget reviews, contractor audits and congressional hearings set what "
            "could be built.",
        facts="- Cost overruns and schedule slips filled its procurement paperwork",
        related="[[Mariner]]")))
    notes[0] = _note("Voyager 1", notes[0].body.replace("1977", "1977 (NASA-31)"))
    # linked, yet "DSN" is the other's initials: one subject
    assert _cue(notes, "DSN", "Deep Space Network") == ""
    # next to nothing distinctive in common, yet one calls itself by the other's acronym
    agn = CONCEPT.format(
        what="An active galaxy core, often called an AGN, is a compact region at a galaxy's "
             "centre outshining its billions of stars, fed by gas spiralling into a black hole.",
        why="Quasars and blazars are such cores seen from different angles; their jets reach "
            "far beyond the galaxy and heat its intergalactic surroundings.",
        facts="- Brightness swings within days betray an engine no bigger than the Solar "
              "System\n- Accretion discs glow in ultraviolet and X-rays",
        related="[[Quasar]]")
    notes.append(_note("Active Galaxy Core", agn))
    notes.append(_note("Active Galactic Nucleus", CONCEPT.format(
        what="Seyfert classified spiral galaxies with bright, star-like nuclei in 1943.",
        why="Broad emission lines show clouds orbiting thousands of kilometres per second.",
        facts="- Radio-loud and radio-quiet kinds differ tenfold in lobes\n"
              "- Unification schemes invoke a dusty torus obscuring some",
        related="[[Seyfert Galaxy]]")))
    assert _cue(notes, "Active Galaxy Core", "Active Galactic Nucleus") == ""
    notes[-2] = _note("Active Galaxy Core", agn.replace(", often called an AGN,", ""))
    assert "distinctive words" in _cue(notes, "Active Galaxy Core", "Active Galactic Nucleus")
    # next to nothing distinctive in common, yet the other carries the title's ID
    assert _cue(notes, "Voyager 1", "NASA-31 Voyager probe") == ""
    notes[0] = _note("Voyager 1", notes[0].body.replace("(NASA-31)", ""))
    assert "distinctive words" in _cue(notes, "Voyager 1", "NASA-31 Voyager probe")


def _write(root: Path, title: str, body: str) -> None:
    path = root / (title.lower().replace(" ", "-") + ".md")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_note({"title": title, "type": "note"}, body), encoding="utf-8")


def test_two_eclipses_filled_from_one_template_stay_out_of_the_likely_band(
        tmp_path: Path, scan_project):
    root = tmp_path / "astro"
    for title, (w, y, f, r) in NOTES.items():
        _write(root, title, CONCEPT.format(what=w, why=y, facts=f, related=r))
    result = scan_project(root, threshold=0.0)
    # each lists the other as a related concept: likely without the cue (0.756)
    eclipses = result.score_pair("solar-eclipse.md", "lunar-eclipse.md")
    assert eclipses.score < result.likely_threshold
    assert any("same template, about different things" in r and "Eclipse" in r
               for r in eclipses.reasons)
    assert eclipses.evidence["other_concept"] == 1.0
    plural = result.score_pair("pulsar.md", "pulsars.md")
    assert plural.score >= result.likely_threshold
    assert not any("same template" in r for r in plural.reasons)
