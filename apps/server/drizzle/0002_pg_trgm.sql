-- Trigram matching for keyword search over game names (PGlite loads it from @electric-sql/pglite/contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
