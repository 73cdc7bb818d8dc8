-- Accent- and typo-tolerant search (catalogue). Both ship with PostgreSQL contrib and with PGlite.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
