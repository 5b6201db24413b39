-- Whether a store's production Bearer tokens may come without `exp` (some PHP clients sign only
-- {accessKey} for their GET calls). Off by default; the sandbox accepts them always. Tokens in
-- POST bodies (`data`) always need exp.
ALTER TABLE stores ADD COLUMN allow_tokens_without_exp boolean NOT NULL DEFAULT false;
