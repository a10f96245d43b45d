import type { Knex } from 'knex';
import { runSql } from './sql';

/** Custom pages and their views, the home slider, sponsored content, the Discord bot configuration and station settings. */
export async function up(knex: Knex): Promise<void> {
  await runSql(knex, `
    CREATE TABLE custom_pages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]{1,200}$'),
      content text NOT NULL CHECK (length(content) BETWEEN 1 AND 500000),
      meta_description text CHECK (meta_description IS NULL OR length(meta_description) <= 500),
      is_published boolean NOT NULL DEFAULT true,
      is_featured boolean NOT NULL DEFAULT false,
      display_order integer NOT NULL DEFAULT 0,
      created_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX custom_pages_order_idx ON custom_pages (display_order, created_at);

    CREATE TABLE page_views (
      page_id uuid NOT NULL REFERENCES custom_pages(id) ON DELETE CASCADE,
      session_id text NOT NULL CHECK (length(session_id) BETWEEN 1 AND 128),
      view_date date NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (page_id, view_date, session_id)
    );

    CREATE TABLE slider_settings (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      background_type text NOT NULL DEFAULT 'color' CHECK (background_type IN ('color','image','gradient')),
      background_image_url text,
      background_color text NOT NULL DEFAULT '#24213a' CHECK (background_color ~ '^#[0-9a-fA-F]{6}$'),
      background_overlay_opacity integer NOT NULL DEFAULT 50
        CHECK (background_overlay_opacity BETWEEN 0 AND 100 AND background_overlay_opacity % 5 = 0),
      auto_advance_interval integer NOT NULL DEFAULT 8000
        CHECK (auto_advance_interval >= 1000 AND auto_advance_interval % 1000 = 0),
      show_dots boolean NOT NULL DEFAULT true,
      show_arrows boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO slider_settings (id) VALUES (1);

    CREATE TABLE slider_content (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      description text NOT NULL CHECK (length(description) BETWEEN 1 AND 2000),
      image_url text,
      link_url text,
      is_active boolean NOT NULL DEFAULT true,
      display_order integer NOT NULL DEFAULT 0,
      view_count bigint NOT NULL DEFAULT 0 CHECK (view_count >= 0),
      click_count bigint NOT NULL DEFAULT 0 CHECK (click_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX slider_content_order_idx ON slider_content (display_order) WHERE is_active;

    CREATE TABLE sponsored_content (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      description text NOT NULL CHECK (length(description) BETWEEN 1 AND 2000),
      image_url text NOT NULL,
      learn_more_url text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      priority integer NOT NULL DEFAULT 1 CHECK (priority BETWEEN 1 AND 10),
      start_date date,
      end_date date,
      view_count bigint NOT NULL DEFAULT 0 CHECK (view_count >= 0),
      click_count bigint NOT NULL DEFAULT 0 CHECK (click_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (start_date IS NULL OR end_date IS NULL OR end_date >= start_date)
    );
    CREATE INDEX sponsored_content_active_idx ON sponsored_content (is_active, start_date, end_date);

    CREATE TABLE discord_config (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      bot_token_enc text NOT NULL,
      client_id text NOT NULL CHECK (length(client_id) BETWEEN 1 AND 100),
      client_secret_enc text NOT NULL,
      updated_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE station_settings (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      settings jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(settings) = 'object'),
      updated_by uuid REFERENCES profiles(id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO station_settings (id) VALUES (1);

    CREATE TABLE server_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await runSql(knex, 
    'DROP TABLE server_secrets; DROP TABLE station_settings; DROP TABLE discord_config; DROP TABLE sponsored_content; DROP TABLE slider_content; DROP TABLE slider_settings; DROP TABLE page_views; DROP TABLE custom_pages;',
  );
}
