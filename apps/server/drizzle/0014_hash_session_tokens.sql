-- Session tokens are kept only as their SHA-256 (hex), decision 033. Sessions signed in before this keep
-- working: their cookies and bearer tokens still carry the token, which is hashed the same way to find them.
UPDATE "sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
