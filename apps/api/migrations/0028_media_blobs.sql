-- Issue 23 item 10, scale-out that holds: uploaded media (background videos,
-- music files) live in the database, so every API node serves every file and
-- a backup holds them. Until now they were files in DATA_DIR/media on the
-- node that took the upload; the server imports such files at start (once:
-- an imported file is moved to DATA_DIR/media/imported-to-database).
-- Runs on PostgreSQL 15 and PGlite.
--
-- media_files: one row per file. name is the server-chosen name the public
-- url carries (unique per kind); it is null while the upload streams in, so a
-- half-received file is never listed or served (complete = false). sha256 is
-- the hex digest of the content (the ETag); chunk_bytes the size of every
-- chunk but the last. Sizes are integers: the upload caps are 200 MB.
create table media_files (
  id integer generated always as identity primary key,
  kind text not null check (kind in ('background', 'music')),
  name text,
  content_type text not null default 'application/octet-stream',
  size_bytes integer not null default 0,
  sha256 text,
  chunk_bytes integer not null,
  complete boolean not null default false,
  created_at timestamptz not null default now(),
  check (not complete or (name is not null and sha256 is not null))
);
create unique index media_files_kind_name_idx on media_files (kind, name);

-- media_chunks: the content in pieces of chunk_bytes (1 MB), so a 200 MB
-- video is neither one value nor read whole into memory: a download or a
-- byte range reads the chunks it covers, one at a time.
create table media_chunks (
  media_id integer not null references media_files (id) on delete cascade,
  idx integer not null check (idx >= 0),
  data bytea not null,
  primary key (media_id, idx)
);
-- Video and audio containers are compressed already: store chunks without
-- trying to compress them again, which also lets a byte range read only the
-- slices of a chunk it covers.
alter table media_chunks alter column data set storage external;
