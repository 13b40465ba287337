"""One module per `bm-review` sub-command: `add_parser(subparsers)` and `run(args) -> int`."""
