-- The application's own PostgreSQL role (docs/architecture.md §9 and §13): the API and the worker
-- read and write rows, but cannot change the schema, and so cannot drop the audit log's append-only
-- trigger, alter a table or truncate one. Migrations run as the owner role that runs this file.
--
--   psql "$MIGRATION_DATABASE_URL" -v ON_ERROR_STOP=1 -v app_url="$DATABASE_URL" -f app-role.sql
--
-- The role and its password are read from DATABASE_URL (postgres://ROLE:PASSWORD@HOST:PORT/DB), so the
-- password is written in one place. Safe to run again: it creates the role once, sets its password,
-- and grants what the app needs on the tables there are now and on those later migrations create.
-- docker-compose.yml runs it before every migrate, as does the migration Job (kustomization.yaml).
\set ON_ERROR_STOP on

\if :{?app_url}
\else
  \echo 'app-role.sql: pass the app''s DATABASE_URL with -v app_url=...'
  SELECT 1 / 0 AS app_url_missing;
\endif

-- Letters, digits and - _ . ~ in the role and the password (no %-escapes to decode): e.g. `openssl rand -hex 32`.
SELECT substring(:'app_url' FROM '^postgres(?:ql)?://([A-Za-z0-9_.~-]+):[A-Za-z0-9_.~-]+@') AS app_role,
       substring(:'app_url' FROM '^postgres(?:ql)?://[A-Za-z0-9_.~-]+:([A-Za-z0-9_.~-]+)@') AS app_password,
       :'app_url' ~ '^postgres(?:ql)?://[A-Za-z0-9_.~-]+:[A-Za-z0-9_.~-]+@' AS app_url_ok \gset
\if :app_url_ok
\else
  \echo 'app-role.sql: DATABASE_URL must name its role and password, postgres://ROLE:PASSWORD@HOST:PORT/DB, in letters, digits and - _ . ~'
  SELECT 1 / 0 AS app_url_invalid;
\endif

-- The app's role must not be the owner, nor anyone who could bypass the owner's rules.
SELECT :'app_role' = current_user AS app_is_owner \gset
\if :app_is_owner
  \echo 'app-role.sql: DATABASE_URL and MIGRATION_DATABASE_URL name the same role; the app needs a role of its own'
  SELECT 1 / 0 AS app_role_is_owner;
\endif

SELECT format('CREATE ROLE %I LOGIN', :'app_role')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app_role') \gexec
ALTER ROLE :"app_role" WITH LOGIN PASSWORD :'app_password';

SELECT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app_role' AND (rolsuper OR rolbypassrls OR rolcreaterole))
  AS app_is_privileged \gset
\if :app_is_privileged
  \echo 'app-role.sql: the app''s role is a superuser or may bypass row security or create roles; give it a plain role'
  SELECT 1 / 0 AS app_role_privileged;
\endif

SELECT format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), :'app_role') \gexec
GRANT USAGE ON SCHEMA public TO :"app_role";
-- PostgreSQL 14 and older let every role create tables in public; 15 and newer no longer do.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

-- Rows only: no TRUNCATE, REFERENCES or TRIGGER, and no ownership, so no ALTER or DROP.
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
-- The same on every table and sequence this (owner) role creates later, i.e. by the migrations.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO :"app_role";
