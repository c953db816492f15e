-- Account self-service: a user changes their own e-mail address
-- (PUT /api/v1/me/email). The old address is told, so that its owner hears of
-- a change they did not make; every later notice goes to the new address,
-- which mail_deliveries reads from users at send time. A delivery with
-- to_address goes there instead, at once, whatever the user's notice settings
-- (e-mail off, daily digest): it is a notice about the account itself.
-- Runs on PostgreSQL 15 and PGlite.
alter table mail_deliveries add column to_address text;
