"""Generate a realistic basic-memory project of N notes, with known duplicate groups.

Notes look like what people and agents write into basic-memory: YAML frontmatter
(title, type, permalink, tags, dates), a `# Title` heading, sections of prose
(80-400 words drawn from a per-domain vocabulary plus a per-note focus, so
embeddings are spread out the way real ones are), observations, relations and
wiki links. Some notes get agent-style rewrites: a new title and file name,
reworded and reordered sentences, a dropped or added point, later dates. The
groups (original first) are written to `.bench-manifest.json` in the project
root; dot-files are invisible to basic-memory and to bm-review.

Same seed, same arguments -> byte-identical files.

    python bench/gen_project.py OUT --notes 5000 --groups 1100 --seed 1
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

MANIFEST = ".bench-manifest.json"

# domain -> (folder, subjects, nouns, verbs, adjectives, tools, observation categories)
DOMAINS: dict[str, dict[str, list[str]]] = {
    "databases": dict(
        folder=["engineering/data"],
        subjects=["Postgres upgrade", "Connection pooling", "Read replicas", "Schema migrations",
                  "Index bloat", "Vacuum tuning", "Query planner regressions", "Partitioned tables",
                  "Backup restore drill", "Logical replication", "Slow query log",
                  "Database failover", "Row level security", "Sharding proposal"],
        nouns=["replica", "migration", "index", "transaction", "lock", "query plan", "table",
               "partition", "snapshot", "connection", "pool", "checkpoint", "write-ahead log",
               "schema", "column", "constraint", "sequence", "vacuum run", "tablespace",
               "statement timeout", "deadlock", "cursor", "primary key", "foreign key"],
        verbs=["replicate", "migrate", "vacuum", "partition", "index", "lock", "restore",
               "promote", "analyze", "backfill", "throttle", "pin"],
        adjectives=["stale", "bloated", "long-running", "idle", "lagging", "concurrent",
                    "hot", "cold", "unlogged", "orphaned"],
        tools=["pgbouncer", "pg_repack", "Patroni", "pgBackRest", "Flyway", "pg_stat_statements"],
        cats=["fact", "decision", "risk", "metric", "rule"],
    ),
    "frontend": dict(
        folder=["engineering/web"],
        subjects=["Design system tokens", "Bundle size budget", "Hydration errors",
                  "Accessibility audit", "Form validation", "Client-side routing",
                  "Image loading strategy", "Dark mode rollout", "Component library",
                  "Web vitals dashboard", "Error boundary policy", "State management"],
        nouns=["component", "bundle", "route", "render", "stylesheet", "token", "breakpoint",
               "hydration pass", "skeleton screen", "modal", "form field", "focus ring",
               "screen reader", "layout shift", "font file", "icon set", "storybook entry",
               "prop", "hook", "lazy import", "service worker"],
        verbs=["render", "hydrate", "prefetch", "memoize", "debounce", "bundle", "lint",
               "preload", "animate", "style", "split", "audit"],
        adjectives=["responsive", "accessible", "flaky", "oversized", "interactive", "static",
                    "client-side", "server-rendered", "janky", "themeable"],
        tools=["Vite", "Storybook", "Playwright", "Lighthouse", "Tailwind", "React Query"],
        cats=["convention", "decision", "issue", "metric", "idea"],
    ),
    "infrastructure": dict(
        folder=["engineering/infra", "ops"],
        subjects=["Kubernetes upgrade", "Terraform state layout", "Autoscaling policy",
                  "Load balancer migration", "Secrets rotation", "DNS cutover",
                  "Container image hardening", "Cost allocation tags", "Disaster recovery plan",
                  "Network segmentation", "Node pool sizing", "Certificate renewal"],
        nouns=["cluster", "node", "pod", "load balancer", "subnet", "certificate", "secret",
               "image", "volume", "namespace", "ingress", "autoscaler", "module", "state file",
               "availability zone", "quota", "budget alert", "security group", "region",
               "health check", "sidecar", "daemon"],
        verbs=["provision", "drain", "rotate", "scale", "deploy", "patch", "cordon", "encrypt",
               "tag", "terminate", "mirror", "pin"],
        adjectives=["ephemeral", "regional", "preemptible", "immutable", "overprovisioned",
                    "misconfigured", "private", "public", "multi-tenant", "warm"],
        tools=["Terraform", "Helm", "ArgoCD", "Vault", "Karpenter", "cert-manager"],
        cats=["fact", "decision", "risk", "todo", "rule"],
    ),
    "observability": dict(
        folder=["engineering/infra", "ops/monitoring"],
        subjects=["Alert fatigue review", "Tracing rollout", "Log retention", "SLO definitions",
                  "On-call handbook", "Dashboard cleanup", "Error budget policy",
                  "Metrics cardinality", "Incident severity levels", "Synthetic checks"],
        nouns=["alert", "trace", "span", "dashboard", "metric", "log line", "error budget",
               "SLO", "pager", "runbook", "incident", "histogram", "label", "sampling rate",
               "retention window", "uptime check", "escalation", "postmortem", "burn rate"],
        verbs=["alert", "sample", "page", "escalate", "aggregate", "annotate", "retain",
               "correlate", "silence", "triage", "instrument", "export"],
        adjectives=["noisy", "actionable", "high-cardinality", "sampled", "missing", "flapping",
                    "critical", "minor", "customer-facing", "internal"],
        tools=["Grafana", "Prometheus", "OpenTelemetry", "Loki", "PagerDuty", "Sentry"],
        cats=["metric", "rule", "decision", "issue", "fact"],
    ),
    "product": dict(
        folder=["product", "product/specs"],
        subjects=["Onboarding checklist", "Pricing page experiment", "Usage-based billing",
                  "Team workspaces", "Notification preferences", "Self-serve upgrades",
                  "Churn survey", "Activation metric", "Trial length test", "Roadmap themes",
                  "Feature request triage", "Enterprise SSO"],
        nouns=["customer", "trial", "plan", "seat", "invoice", "workspace", "signup",
               "activation", "cohort", "funnel step", "upgrade path", "notification", "persona",
               "roadmap item", "experiment", "retention curve", "discount", "checkout flow",
               "feature request", "admin"],
        verbs=["launch", "price", "bundle", "survey", "segment", "prioritize", "onboard",
               "upsell", "measure", "retire", "pilot", "announce"],
        adjectives=["paying", "churned", "self-serve", "enterprise", "activated", "dormant",
                    "annual", "monthly", "high-intent", "early"],
        tools=["Amplitude", "Stripe", "Intercom", "Productboard", "Figma", "Notion"],
        cats=["decision", "idea", "metric", "question", "insight"],
    ),
    "research": dict(
        folder=["research", "research/papers"],
        subjects=["Consensus protocols", "CRDT collaboration", "Vector search survey",
                  "Caching paper notes", "Stream processing reading", "Clock synchronization",
                  "Retrieval augmented generation", "Embedding model comparison",
                  "Bloom filter variants", "LSM tree compaction", "Queueing theory basics"],
        nouns=["paper", "protocol", "quorum", "leader", "replica set", "benchmark", "model",
               "embedding", "tradeoff", "experiment", "baseline", "dataset", "compaction",
               "clock", "vector", "hypothesis", "citation", "failure mode", "workload",
               "latency tail", "throughput ceiling"],
        verbs=["benchmark", "compare", "replicate", "summarize", "evaluate", "cite", "model",
               "simulate", "approximate", "measure", "reproduce", "critique"],
        adjectives=["linearizable", "eventual", "probabilistic", "asymptotic", "empirical",
                    "surprising", "seminal", "outdated", "promising", "theoretical"],
        tools=["Jepsen", "TLA+", "FAISS", "Kafka", "RocksDB", "Jupyter"],
        cats=["insight", "fact", "question", "quote", "idea"],
    ),
    "meetings": dict(
        folder=["meetings", "meetings/weekly"],
        subjects=["Weekly sync", "Planning kickoff", "Retro", "Design review",
                  "Architecture forum", "Customer advisory call", "Quarterly business review",
                  "Hiring debrief", "Ops review", "Leadership offsite"],
        nouns=["action item", "agenda", "owner", "deadline", "blocker", "update", "demo",
               "proposal", "vote", "follow-up", "risk", "milestone", "headcount", "budget",
               "priority", "decision log", "attendee", "timebox", "retro card"],
        verbs=["review", "decide", "assign", "postpone", "escalate", "demo", "summarize",
               "plan", "unblock", "revisit", "approve", "share"],
        adjectives=["overdue", "urgent", "recurring", "async", "cross-team", "open",
                    "resolved", "contentious", "quarterly", "weekly"],
        tools=["Zoom", "Linear", "Jira", "Slack", "Google Docs", "Miro"],
        cats=["decision", "action", "todo", "question", "note"],
    ),
    "people": dict(
        folder=["people", "people/team"],
        subjects=["Onboarding buddy guide", "Career ladder", "Interview loop", "Team charter",
                  "One-on-one template", "Mentoring program", "Hiring plan",
                  "Performance review cycle", "Offsite logistics", "Working agreement"],
        nouns=["engineer", "manager", "mentor", "candidate", "interview", "feedback",
               "promotion", "goal", "review cycle", "offer", "buddy", "skill matrix",
               "expectation", "team norm", "one-on-one", "growth plan", "referral",
               "calibration"],
        verbs=["hire", "mentor", "promote", "calibrate", "interview", "coach", "welcome",
               "evaluate", "nominate", "pair", "recognize", "support"],
        adjectives=["senior", "junior", "remote", "hybrid", "supportive", "structured",
                    "informal", "biweekly", "new", "experienced"],
        tools=["Greenhouse", "Lattice", "BambooHR", "Slack", "Notion", "Calendly"],
        cats=["fact", "preference", "rule", "goal", "note"],
    ),
    "security": dict(
        folder=["engineering/security"],
        subjects=["Access review", "Dependency scanning", "Threat model", "SOC 2 evidence",
                  "Password policy", "Key management", "Penetration test findings",
                  "Audit logging", "Phishing drill", "Vulnerability disclosure"],
        nouns=["vulnerability", "patch", "auditor", "access key", "role", "permission",
               "token", "policy", "finding", "control", "audit log", "credential",
               "dependency", "exploit", "attack surface", "firewall rule", "session",
               "certificate chain", "sandbox"],
        verbs=["audit", "revoke", "scan", "patch", "encrypt", "harden", "rotate",
               "restrict", "review", "approve", "detect", "quarantine"],
        adjectives=["privileged", "expired", "critical", "exposed", "least-privilege",
                    "compliant", "unpatched", "suspicious", "signed", "short-lived"],
        tools=["Snyk", "Dependabot", "Okta", "1Password", "Trivy", "CloudTrail"],
        cats=["risk", "rule", "finding", "decision", "fact"],
    ),
    "support": dict(
        folder=["support", "support/playbooks"],
        subjects=["Refund policy", "Escalation matrix", "Macro library", "Support SLA",
                  "Bug report template", "Status page process", "Account recovery",
                  "Ticket tagging", "VIP customer handling", "Chat staffing"],
        nouns=["ticket", "macro", "refund", "escalation", "agent", "queue", "response time",
               "status page", "bug report", "chargeback", "account", "tag", "handoff",
               "satisfaction score", "backlog", "shift", "knowledge base article"],
        verbs=["refund", "escalate", "reply", "tag", "close", "reopen", "merge", "triage",
               "apologize", "reproduce", "route", "follow up on"],
        adjectives=["angry", "urgent", "duplicate", "stale", "first-contact", "weekend",
                    "billing-related", "resolved", "pending", "priority"],
        tools=["Zendesk", "Intercom", "Statuspage", "Slack", "Loom", "Jira"],
        cats=["rule", "fact", "tip", "metric", "issue"],
    ),
    "ml": dict(
        folder=["research/ml", "engineering/ml"],
        subjects=["Feature store design", "Model retraining schedule", "Evaluation harness",
                  "Labeling guidelines", "Drift monitoring", "Inference latency",
                  "Prompt library", "Ranking model", "Data versioning", "GPU scheduling"],
        nouns=["feature", "label", "training run", "checkpoint", "prompt", "evaluation set",
               "inference server", "GPU", "embedding", "drift score", "ranking", "precision",
               "recall", "annotation", "hyperparameter", "batch", "tokenizer", "pipeline"],
        verbs=["train", "label", "evaluate", "deploy", "fine-tune", "quantize", "batch",
               "retrain", "monitor", "distill", "sample", "score"],
        adjectives=["overfit", "quantized", "drifting", "held-out", "noisy", "balanced",
                    "synthetic", "calibrated", "offline", "online"],
        tools=["MLflow", "Feast", "Ray", "ONNX Runtime", "Label Studio", "Weights & Biases"],
        cats=["metric", "insight", "decision", "risk", "idea"],
    ),
    "finance": dict(
        folder=["finance", "ops/finance"],
        subjects=["Cloud spend review", "Revenue recognition", "Vendor contracts",
                  "Expense policy", "Budget forecast", "Payroll calendar", "Tax filing checklist",
                  "Procurement process", "Runway model", "Invoice reconciliation"],
        nouns=["invoice", "vendor", "contract", "forecast", "budget line", "expense",
               "receipt", "purchase order", "accrual", "ledger", "runway", "renewal",
               "commitment", "discount", "approval", "reimbursement", "quarter close"],
        verbs=["approve", "reconcile", "forecast", "renew", "negotiate", "accrue", "invoice",
               "reimburse", "audit", "budget", "cancel", "consolidate"],
        adjectives=["annual", "prepaid", "overdue", "recurring", "capitalized", "discretionary",
                    "committed", "variable", "fixed", "unplanned"],
        tools=["QuickBooks", "Ramp", "Brex", "NetSuite", "Carta", "Stripe"],
        cats=["fact", "rule", "decision", "metric", "todo"],
    ),
}

KINDS = ["design", "runbook", "decision", "notes", "overview", "proposal", "checklist", "FAQ",
         "postmortem", "guide", "plan", "summary", "review", "spec"]
TYPES = {"design": "design", "runbook": "runbook", "decision": "decision", "postmortem": "incident",
         "spec": "spec", "guide": "reference", "FAQ": "reference", "checklist": "reference"}
QUALIFIERS = ["for the billing team", "for mobile", "in EU region", "v2", "v3", "2024", "2025",
              "Q1", "Q2", "Q3", "Q4", "for the platform team", "for payments", "for search",
              "for the data team", "phase 2", "pilot", "draft", "for growth", "for checkout"]
PEOPLE = ["Maria", "Jonas", "Priya", "Tom", "Aiko", "Lena", "Omar", "Sofia", "Kwame", "Ines",
          "Mateo", "Hana", "Ravi", "Elif", "Noah", "Zara", "Bruno", "Chen", "Dara", "Felix"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]
UNITS = ["ms", "seconds", "minutes", "percent", "requests per second", "GB", "hours", "days",
         "tickets", "dollars"]
PERIODS = ["day", "week", "sprint", "month", "quarter", "release"]
ADVERBS = ["quickly", "rarely", "reliably", "unexpectedly", "silently", "gradually",
           "consistently", "occasionally", "noticeably", "predictably"]
GENERIC_ADJ = ["simple", "fragile", "expensive", "cheap", "manual", "automated", "shared",
               "legacy", "new", "temporary", "important", "risky", "slow", "fast"]
SECTION_HEADINGS = ["Context", "Background", "Details", "Decision", "Why", "How it works",
                    "Open questions", "Next steps", "Notes", "Problem", "Approach", "Rollout",
                    "Risks", "Alternatives considered", "Timeline", "Lessons learned"]

TEMPLATES = [
    "We {v} the {n} before every {n2} so that {adj} {n3_pl} stay {adj2}.",
    "{p} pointed out that the {n} {vs} {adv} when the {n2} is {adj}.",
    "The {adj} {n} was {ved} in {month} after {num} {n2_pl} failed during the {n3} work.",
    "Our current approach is to {v} each {n} through {tool}, which keeps the {n2} under"
    " {num} {unit}.",
    "If a {n} takes more than {num} {unit}, {v} the {n2} and tell the owner in the channel.",
    "There is an open question about whether {tool} can {v} {adj} {n_pl} without a separate {n2}.",
    "In practice most {n_pl} are {adj}, but a few {adj2} ones dominate the {n2}.",
    "{p} and {p2} agreed to {v} the {n} by the end of {month}.",
    "The main risk is that {adj} {n_pl} {v} the {n2} faster than we can {v2} them.",
    "We measured {num} {unit} for the {n} on a typical {n2}, down from {num2} last {period}.",
    "This replaces the older {n} described in [[{link}]].",
    "People mostly notice the {n} when the {n2} is {adj}, so we {v} it {adv}.",
    "A simpler alternative would be to {v} the {n} once per {period} instead of on every {n2}.",
    "We decided against {tool} because its {n} model does not fit our {adj} {n2_pl}.",
    "Documentation for the {n} lives next to the {n2}, and {p} owns it for now.",
    "Nobody remembers why the {n} is {adj}; {p} thinks it dates from the {tool} migration.",
    "Each {period} we {v} the {adj} {n_pl} and archive anything older than {num} {unit}.",
    "The {n2} depends on the {n}, so a {adj} {n} shows up as a {adj2} {n2} a few {unit} later.",
    "See [[{link}]] for how the {n} interacts with the {n2}.",
    "When {tool} reports a {adj} {n}, the first step is to {v} the {n2} and check the {n3}.",
    "{p} wants to {v} the {n} {adv}, while {p2} prefers to wait until the {n2} is {adj}.",
    "The {n} budget is {num} {unit} per {period}; going over it means we {v} the {n2}.",
    "Before the change, every {n} had to {v} its own {n2}, which was {adj} and {adj2}.",
    "We keep a short list of {adj} {n_pl} that must never be {ved} without a review.",
    "The {n} {vs} the {n2}, not the other way round, which surprised {p}.",
    "Treat a {adj} {n} as a symptom: the cause is usually a {adj2} {n2} or a missing {n3}.",
    "For {adj} {n_pl} we {v} first and ask questions later; for everything else we {v2}.",
    "Expect roughly {num} {n_pl} per {period} once the {n2} is fully {ved}.",
]

OBS_TEMPLATES = [
    "{Adj} {n_pl} must be {ved} within {num} {unit} #{tag}",
    "{tool} handles the {n} but not the {n2}",
    "The {n} is owned by {p} #{tag}",
    "We {v} the {n} every {period} ({adj} {n2_pl} only)",
    "{Num} {unit} is the limit for a {adj} {n}",
    "Never {v} a {adj} {n} on a Friday #{tag}",
    "The {n2} got {adj} after the {month} change",
    "Moving the {n} to {tool} saved about {num} {unit}",
]

REL_TYPES = ["relates_to", "depends_on", "part_of", "implements", "supersedes", "see_also",
             "follows", "informed_by"]

# agent rewrites: word swaps an LLM makes when it "restates" a note
SYNONYMS = {
    "we": "the team", "keeps": "holds", "current": "present", "approach": "strategy",
    "typical": "normal", "mostly": "largely", "simpler": "easier", "alternative": "option",
    "because": "since", "decided": "chose", "risk": "danger", "main": "primary",
    "question": "issue", "people": "users", "surprised": "caught out", "usually": "typically",
    "roughly": "about", "prefers": "would rather", "wants": "would like", "remember": "recall",
    "first": "initial", "short": "small", "change": "update", "owns": "is responsible for",
    "replaces": "supersedes", "older": "previous", "agreed": "committed", "notice": "see",
    "cause": "root cause", "check": "inspect", "check the": "look at the", "lives": "sits",
    "instead": "rather", "fully": "completely", "expect": "anticipate", "few": "handful of",
}
REWRITE_TITLES = ["{subject} {kind} (rewritten)", "Notes on {subject_l}", "{subject}: {kind2}",
                  "{subject} - updated {kind}", "About {subject_l}", "{subject} {kind2} v2",
                  "{Kind2} for {subject_l}", "{subject} ({month} update)"]
REWRITE_OPENERS = [
    "This note restates the earlier write-up on {subject_l} with the latest details.",
    "Summary of what we know about {subject_l}, consolidated from several conversations.",
    "Updated version of the {subject_l} {kind}; the earlier copy is out of date.",
    "Agent summary: {subject_l}, as discussed with {p}.",
]


@dataclass
class NoteSpec:
    path: str
    title: str
    type: str
    domain: str
    subject: str
    kind: str
    tags: list[str]
    created: dt.datetime
    modified: dt.datetime
    sections: list[tuple[str, list[str]]]  # heading, sentences
    bullets: list[str]
    observations: list[str]
    relations: list[tuple[str, str]]
    important: bool = False
    tags_as_string: bool = False
    extra: dict[str, str] = field(default_factory=dict)


def _plural(word: str) -> str:
    if word.endswith("s") or word.endswith("x") or word.endswith(("ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _third(verb: str) -> str:
    head, _, tail = verb.partition(" ")
    return (_plural(head) + (" " + tail if tail else ""))


def _past(verb: str) -> str:
    head, _, tail = verb.partition(" ")
    if head.endswith("e"):
        p = head + "d"
    elif head.endswith("y") and head[-2:-1] not in "aeiou":
        p = head[:-1] + "ied"
    else:
        p = head + "ed"
    return p + (" " + tail if tail else "")


_YAML_SPECIAL_RE = re.compile(r"[:#\[\]{},&*!|>'\"%@`]|^[-?\s]")
_ARTICLE_RE = re.compile(r"\b([Aa]) ([aeiou])")


def _kebab(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class _Writer:
    """Fills templates from one domain's vocabulary and a note's focus words."""

    def __init__(self, rng: random.Random, domain: str, titles: list[str]) -> None:
        self.rng = rng
        self.d = DOMAINS[domain]
        self.titles = titles
        # a few nouns/verbs this note keeps returning to: notes differ within a domain
        self.focus_n = rng.sample(self.d["nouns"], 5)
        self.focus_v = rng.sample(self.d["verbs"], 3)

    def noun(self) -> str:
        r = self.rng
        if r.random() < 0.55:
            return r.choice(self.focus_n)
        if r.random() < 0.85:
            return r.choice(self.d["nouns"])
        other = DOMAINS[r.choice(list(DOMAINS))]
        return r.choice(other["nouns"])

    def verb(self) -> str:
        return self.rng.choice(self.focus_v if self.rng.random() < 0.5 else self.d["verbs"])

    def adj(self) -> str:
        return self.rng.choice(self.d["adjectives"] if self.rng.random() < 0.7 else GENERIC_ADJ)

    def fill(self, template: str) -> str:
        r = self.rng
        v = self.verb()
        values = dict(
            n=self.noun(), n2=self.noun(), n3=self.noun(), v=v, v2=self.verb(), vs=_third(v),
            ved=_past(v), adj=self.adj(), adj2=self.adj(), adv=r.choice(ADVERBS),
            p=r.choice(PEOPLE), p2=r.choice(PEOPLE), tool=r.choice(self.d["tools"]),
            month=r.choice(MONTHS), num=str(r.choice([2, 3, 5, 8, 10, 15, 20, 30, 50, 100, 250])),
            num2=str(r.choice([40, 60, 120, 300, 500, 900])), unit=r.choice(UNITS),
            period=r.choice(PERIODS), tag=_kebab(r.choice(self.d["nouns"])),
            link=r.choice(self.titles) if self.titles else "Team charter",
        )
        for key in ("n", "n2", "n3"):
            values[key + "_pl"] = _plural(values[key])
        values["Adj"] = values["adj"].capitalize()
        values["Num"] = values["num"]
        text = _ARTICLE_RE.sub(r"\1n \2", template.format(**values))
        return text[0].upper() + text[1:]

    def sentence(self) -> str:
        return self.fill(self.rng.choice(TEMPLATES))

    def observation(self) -> str:
        cat = self.rng.choice(self.d["cats"])
        return f"[{cat}] {self.fill(self.rng.choice(OBS_TEMPLATES))}"


def _dates(rng: random.Random, base: dt.datetime) -> tuple[dt.datetime, dt.datetime]:
    created = base + dt.timedelta(days=rng.randrange(0, 700), minutes=rng.randrange(0, 1440))
    modified = created + dt.timedelta(days=rng.choice([0, 0, 1, 3, 10, 40]),
                                      minutes=rng.randrange(0, 600))
    return created.replace(second=0), modified.replace(second=0)


BASE_DATE = dt.datetime(2024, 1, 1, 8, 0)


def _original(rng: random.Random, used: set[str], titles: list[str]) -> NoteSpec:
    domain = rng.choice(list(DOMAINS))
    d = DOMAINS[domain]
    subject = rng.choice(d["subjects"])
    kind = rng.choice(KINDS)
    title = f"{subject} {kind}"
    while title.lower() in used:
        title = f"{subject} {kind} {rng.choice(QUALIFIERS)}"
        if title.lower() in used:
            title = f"{title} {rng.randrange(2, 10_000)}"
    used.add(title.lower())
    folder = rng.choice(d["folder"])
    w = _Writer(rng, domain, titles)
    words_target = int(rng.triangular(80, 400, 170))
    sections: list[tuple[str, list[str]]] = []
    words = 0
    headings = rng.sample(SECTION_HEADINGS, 4)
    while words < words_target:
        heading = headings[len(sections) % len(headings)]
        sents = [w.sentence() for _ in range(rng.randint(2, 5))]
        words += sum(len(s.split()) for s in sents)
        sections.append((heading, sents))
    bullets = [w.fill(rng.choice(TEMPLATES)).rstrip(".") for _ in range(rng.choice([0, 0, 2, 3]))]
    observations = [w.observation() for _ in range(rng.randint(2, 6))]
    relations = [(rng.choice(REL_TYPES), rng.choice(titles))
                 for _ in range(rng.randint(1, 3))] if titles else []
    tags = sorted({_kebab(subject.split()[0]), domain, *(_kebab(rng.choice(d["nouns"]))
                                                         for _ in range(rng.randint(0, 2)))})
    created, modified = _dates(rng, BASE_DATE)
    extra = {}
    if rng.random() < 0.2:
        extra["status"] = rng.choice(["draft", "active", "superseded", "final"])
    return NoteSpec(
        path=f"{folder}/{_kebab(title)}.md", title=title, type=TYPES.get(kind, "note"),
        domain=domain, subject=subject, kind=kind, tags=tags, created=created,
        modified=modified, sections=sections, bullets=bullets, observations=observations,
        relations=relations, important=rng.random() < 0.04,
        tags_as_string=rng.random() < 0.1, extra=extra)


def _reword(rng: random.Random, sentence: str) -> str:
    if rng.random() < 0.4:
        return sentence
    words = sentence.split(" ")
    out = []
    for word in words:
        key = word.lower().strip(".,;:")
        if key in SYNONYMS and rng.random() < 0.7:
            rep = SYNONYMS[key]
            if word[:1].isupper():
                rep = rep[0].upper() + rep[1:]
            out.append(rep + word[len(key):] if word.lower().startswith(key) else rep)
        else:
            out.append(word)
    return " ".join(out)


def _rewrite(rng: random.Random, orig: NoteSpec, used: set[str], titles: list[str],
             nth: int) -> NoteSpec:
    """What an agent writes when it re-saves a note it did not find: same facts, new words."""
    w = _Writer(rng, orig.domain, titles)
    kind2 = rng.choice([k for k in KINDS if k != orig.kind])
    fields = dict(subject=orig.subject, subject_l=orig.subject.lower(), kind=orig.kind,
                  kind2=kind2, Kind2=kind2.capitalize(), month=rng.choice(MONTHS),
                  p=rng.choice(PEOPLE))
    title = rng.choice(REWRITE_TITLES).format(**fields)
    while title.lower() in used:
        title = f"{title} {nth + 1}"
    used.add(title.lower())
    sections: list[tuple[str, list[str]]] = []
    for heading, sents in orig.sections:
        new = [_reword(rng, s) for s in sents if rng.random() > 0.12]
        if len(new) > 1 and rng.random() < 0.35:
            i = rng.randrange(len(new) - 1)
            new[i], new[i + 1] = new[i + 1], new[i]
        if rng.random() < 0.3:
            new.insert(rng.randrange(len(new) + 1), w.sentence())
        sections.append((heading if rng.random() < 0.7 else rng.choice(SECTION_HEADINGS),
                         new or sents[:1]))
    if rng.random() < 0.6:
        opener = rng.choice(REWRITE_OPENERS).format(**fields)
        first_heading, first = sections[0]
        sections[0] = (first_heading, [opener, *first])
    observations = [_reword(rng, o) for o in orig.observations if rng.random() > 0.15]
    if rng.random() < 0.5:
        observations.append(w.observation())
    relations = list(orig.relations)
    if rng.random() < 0.3:
        relations.append(("relates_to", orig.title))
    created = orig.modified + dt.timedelta(days=rng.randrange(1, 120), minutes=rng.randrange(600))
    modified = created + dt.timedelta(minutes=rng.randrange(5, 90))
    folder = orig.path.rsplit("/", 1)[0] if rng.random() < 0.7 else rng.choice(
        DOMAINS[orig.domain]["folder"])
    stem = _kebab(title)
    style = rng.random()
    if style < 0.4:
        stem = stem.replace("-", "_")
    elif style < 0.55:
        stem = f"{stem}-{created:%Y-%m-%d}"
    tags = list(orig.tags)
    if rng.random() < 0.3:
        tags.append("agent")
    return NoteSpec(
        path=f"{folder}/{stem}.md", title=title, type=orig.type, domain=orig.domain,
        subject=orig.subject, kind=kind2, tags=tags, created=created.replace(second=0),
        modified=modified.replace(second=0), sections=sections,
        bullets=[_reword(rng, b) for b in orig.bullets], observations=observations,
        relations=relations, important=False, tags_as_string=False, extra={})


def render(spec: NoteSpec) -> str:
    permalink = spec.path[:-3].replace("_", "-").lower()
    title = json.dumps(spec.title) if _YAML_SPECIAL_RE.search(spec.title) else spec.title
    lines = ["---", f"title: {title}", f"type: {spec.type}", f"permalink: {permalink}"]
    if spec.tags_as_string:
        lines.append(f"tags: {', '.join(spec.tags)}")
    else:
        lines.append("tags:")
        lines += [f"- {t}" for t in spec.tags]
    lines.append(f"created: {spec.created:%Y-%m-%dT%H:%M:%S}")
    lines.append(f"modified: {spec.modified:%Y-%m-%dT%H:%M:%S}")
    if spec.important:
        lines.append("important: true")
    lines += [f"{k}: {v}" for k, v in spec.extra.items()]
    lines += ["---", "", f"# {spec.title}", ""]
    for i, (heading, sents) in enumerate(spec.sections):
        if i:
            lines += [f"## {heading}", ""]
        lines += [" ".join(sents), ""]
        if i == 0 and spec.bullets:
            lines += [f"- {b}" for b in spec.bullets] + [""]
    lines += ["## Observations"] + [f"- {o}" for o in spec.observations] + [""]
    if spec.relations:
        lines += ["## Relations"] + [f"- {t} [[{target}]]" for t, target in spec.relations]
        lines.append("")
    return "\n".join(lines)


def generate_specs(n_notes: int, *, seed: int = 0, groups: int = 0
                   ) -> tuple[list[NoteSpec], list[list[str]]]:
    """N note specs (originals, then rewrites) and the duplicate groups (original first)."""
    rng = random.Random(seed)
    sizes: list[int] = []
    while len(sizes) < groups and n_notes - sum(sizes) - len(sizes) > 0:
        sizes.append(2 if rng.random() < 0.7 else 1)  # rewrites per group
    n_dups = sum(sizes)
    n_orig = n_notes - n_dups
    if n_orig < len(sizes):
        raise ValueError("too many duplicate groups for the number of notes")
    used: set[str] = set()
    titles: list[str] = []
    specs: list[NoteSpec] = []
    paths: set[str] = set()
    for _ in range(n_orig):
        spec = _original(rng, used, titles[-400:])
        while spec.path in paths:  # two titles can kebab to the same file name
            spec.path = spec.path[:-3] + "-1.md"
        paths.add(spec.path)
        titles.append(spec.title)
        specs.append(spec)
    originals = rng.sample(range(n_orig), len(sizes))
    dup_groups: list[list[str]] = []
    for gi, (oi, size) in enumerate(zip(originals, sizes, strict=True)):
        group = [specs[oi].path]
        for j in range(size):
            dup = _rewrite(rng, specs[oi], used, titles[-400:], gi * 3 + j)
            while dup.path in paths:
                dup.path = dup.path[:-3] + "-1.md"
            paths.add(dup.path)
            specs.append(dup)
            group.append(dup.path)
        dup_groups.append(group)
    return specs, dup_groups


def groups_for_rate(n_notes: int, dup_rate: float) -> int:
    """Groups that make about `dup_rate` of the notes rewrites (1.7 rewrites a group)."""
    return int(round(n_notes * dup_rate / 1.7))


def generate_project(root: Path | str, n_notes: int, *, seed: int = 0, groups: int = 0,
                     clean: bool = True) -> dict:
    """Write the project; returns the manifest (also written to `.bench-manifest.json`)."""
    root = Path(root)
    if clean and root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True, exist_ok=True)
    specs, dup_groups = generate_specs(n_notes, seed=seed, groups=groups)
    for spec in specs:
        target = root / spec.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(render(spec), encoding="utf-8")
        stamp = spec.modified.replace(tzinfo=dt.UTC).timestamp()
        os.utime(target, (stamp, stamp))
    manifest = {"seed": seed, "notes": len(specs), "groups": dup_groups}
    (root / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path, help="project folder to (re)create")
    ap.add_argument("--notes", type=int, default=1000, help="number of notes (default 1000)")
    ap.add_argument("--seed", type=int, default=0)
    dup = ap.add_mutually_exclusive_group()
    dup.add_argument("--groups", type=int, help="number of duplicate groups")
    dup.add_argument("--dup-rate", type=float, default=0.05,
                     help="share of notes that are agent rewrites (default 0.05)")
    args = ap.parse_args(argv)
    groups = args.groups if args.groups is not None else groups_for_rate(args.notes, args.dup_rate)
    manifest = generate_project(args.out, args.notes, seed=args.seed, groups=groups)
    print(f"{manifest['notes']} notes, {len(manifest['groups'])} duplicate groups -> {args.out}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
