"""The built-in games. Each sub-package is a plugin registered through the
``cardkit.games`` entry-point group, exactly as a third-party game would be."""
