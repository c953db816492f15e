import { describe, expect, it } from 'vitest';
import { parseKitsCsv, parsePhysiciansCsv } from '../../src/io/parse-roster';

describe('parsePhysiciansCsv', () => {
  it('reads name, role and home zip with aliases, BOM and CRLF', () => {
    const result = parsePhysiciansCsv(
      '\uFEFFName,ROLE,zip\r\nAda Park,lead,02115\r\n"Okafor, Ben",Data Acq,2115-1234\r\nCara Lind,dataacq,501\r\n',
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { name: 'Ada Park', role: 'lead', home_zip: '02115' },
        { name: 'Okafor, Ben', role: 'dataacq', home_zip: '02115' },
        { name: 'Cara Lind', role: 'dataacq', home_zip: '00501' },
      ],
      warnings: [],
      total_warnings: 0,
      encoding: 'UTF-8',
    });
  });

  it('rejects the whole file with line-numbered errors, naming unknown zips', () => {
    const result = parsePhysiciansCsv(
      'name,role,home_zip\nAda,lead,99999\n,lead,02115\nBen,boss,02115\nCara,lead,abc\nAda,dataacq,10001\n',
    );
    expect(result.ok).toBe(false);
    if (result.ok || result.kind !== 'invalid') return;
    expect(result.errors.map((e) => [e.line, e.column, e.value])).toEqual([
      [2, 'home_zip', '99999'],
      [3, 'name', ''],
      [4, 'role', 'boss'],
      [5, 'home_zip', 'abc'],
    ]);
    expect(result.errors[0]!.message).toBe('zip code 99999 is not in the zip table');
  });

  it('refuses duplicate names (jobs link people by name) and missing columns', () => {
    const dup = parsePhysiciansCsv('name,role,home_zip\nAda,lead,02115\nada,dataacq,10001\n');
    expect(dup).toMatchObject({ ok: false, errors: [{ line: 3, column: 'name', value: 'ada' }] });
    const missing = parsePhysiciansCsv('name,home_zip\nAda,02115\n');
    expect(missing).toMatchObject({ ok: false, errors: [{ line: 1, column: 'role' }] });
  });

  it('uses an injected zip check', () => {
    const result = parsePhysiciansCsv('name,role,home_zip\nAda,lead,12345\n', {
      knownZip: (zip) => zip === '12345',
    });
    expect(result.ok).toBe(true);
  });
});

describe('parseKitsCsv', () => {
  it('reads kits with maintenance flags in several spellings', () => {
    const result = parseKitsCsv(
      'name,current_location_zip,is_out_for_maintenance,comments\nKit 01,02115,false,\nKit 02,10001,Yes,"Electrometer at ADCL, back in May"\nKit 03,60611,,\nKit 04,77030,1,=cmd\n',
    );
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.rows.map((k) => [k.name, k.is_out_for_maintenance, k.comments])).toEqual([
      ['Kit 01', false, ''],
      ['Kit 02', true, 'Electrometer at ADCL, back in May'],
      ['Kit 03', false, ''],
      ['Kit 04', true, '=cmd'],
    ]);
  });

  it('rejects unknown zips and unreadable flags, and warns about unknown columns', () => {
    const bad = parseKitsCsv('name,zip,maintenance\nKit 01,00000,maybe\n');
    expect(bad).toMatchObject({
      ok: false,
      total_errors: 2,
      errors: [
        { line: 2, column: 'zip', value: '00000' },
        { line: 2, column: 'maintenance', value: 'maybe' },
      ],
    });
    const warned = parseKitsCsv('name,zip,colour\nKit 01,02115,red\n');
    expect(warned).toMatchObject({ ok: true, total_warnings: 1, warnings: [{ column: 'colour' }] });
  });

  it('applies the row limit', () => {
    const rows = Array.from({ length: 100_001 }, (_, i) => `Kit ${i},02115`).join('\n');
    expect(parseKitsCsv(`name,zip\n${rows}`)).toMatchObject({ kind: 'too_large', limit: 'rows' });
  });
});
