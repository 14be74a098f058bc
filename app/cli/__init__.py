"""The command line: the subcommands (token, secret, settings), the headless service and the self-test."""
