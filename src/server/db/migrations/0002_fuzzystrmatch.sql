-- levenshtein(): the catalogue search forgives one typo in words of five letters or more.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
