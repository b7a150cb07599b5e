import { toolMissing } from './system-tools';

describe('a test that needs a system tool', () => {
  it('runs where the tool is there, whatever is asked', () => {
    expect(toolMissing('x', null, {})).toBe(false);
    expect(toolMissing('x', null, { REQUIRE_SYSTEM_TOOLS: '1' })).toBe(false);
  });

  it('skips with the reason on a machine without it (a fresh `npm test`)', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(toolMissing('the IPP tests', 'ippeveprinter is not installed', {})).toBe(true);
    expect(warn).toHaveBeenCalledWith('the IPP tests skipped: ippeveprinter is not installed');
    warn.mockRestore();
  });

  it('fails where CI installed the tools and asks for them (REQUIRE_SYSTEM_TOOLS=1)', () => {
    expect(() => toolMissing('the IPP tests', 'ippeveprinter is not installed', { REQUIRE_SYSTEM_TOOLS: '1' })).toThrow(
      /the IPP tests is required here .* ippeveprinter is not installed/,
    );
  });
});
