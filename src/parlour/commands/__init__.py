"""One module per ``parlour`` command. Each defines ``register(subparsers)``,
which adds its parser and sets ``func`` (taking the parsed args, returning the
exit status). :mod:`parlour.cli` finds them all."""
