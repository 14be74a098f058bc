"""The store: one SQLCipher file, its key, its migrations, and the one data-access layer."""
