#!/nonexistent
