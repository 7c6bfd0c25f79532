import { describe, expect, it } from 'vitest';
import { inscriptionContentMigrationSql, inscriptionContentStatements, sqlText } from './migration';

// migrate() splits a migration on every semicolon (db/migrations.ts): the same split here.
const split = (sql: string) =>
  sql
    .split(';')
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);

describe('migration 016_inscription_content', () => {
  it('splits into exactly its statements, none cut inside a literal', () => {
    const statements = inscriptionContentStatements();
    expect(split(inscriptionContentMigrationSql())).toEqual(statements.map((s) => s.trim()));
    expect(statements[0]).toMatch(/^CREATE TABLE inscription_tokens/);
  });

  it('builds the same script every time', () => {
    expect(`${inscriptionContentStatements().join(';\n')};\n`).toBe(
      inscriptionContentMigrationSql(),
    );
  });

  it('creates the tables and the views of the content store', () => {
    for (const table of [
      'inscription_tokens',
      'inscription_token_series',
      'inscription_runes',
      'inscription_related_runes',
      'inscription_crypto_profiles',
      'inscription_tdk',
    ]) {
      expect(inscriptionContentMigrationSql()).toContain(`CREATE TABLE ${table} (`);
    }
    for (const view of ['inscription_price_points', 'inscription_owners', 'inscription_activity']) {
      expect(inscriptionContentMigrationSql()).toContain(`CREATE VIEW ${view} AS`);
    }
  });

  it('quotes text, and sends text with a semicolon or a backslash base64-encoded', () => {
    expect(sqlText("it's")).toBe("'it''s'");
    const encoded = sqlText('a; b \\ c');
    expect(encoded).not.toContain(';');
    const base64 = /decode\('([^']+)', 'base64'\)/.exec(encoded)?.[1] ?? '';
    expect(Buffer.from(base64, 'base64').toString('utf8')).toBe('a; b \\ c');
    expect(sqlText('línea\nnueva')).toMatch(/^convert_from\(decode\(/);
  });
});
