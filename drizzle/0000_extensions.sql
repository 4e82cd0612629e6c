-- Trigram similarity for typo-tolerant search (available on PGlite and PostgreSQL).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
