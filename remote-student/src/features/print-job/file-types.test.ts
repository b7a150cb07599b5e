import { acceptAttribute, extensionOf, normaliseFileTypes } from './file-types';

describe('file types', () => {
  it.each([
    ['report.PDF', 'pdf'],
    ['a.b.docx', 'docx'],
    ['noext', ''],
    ['.bashrc', ''],
    ['trailing.', ''],
  ])('extension of %s is %j', (name, ext) => expect(extensionOf(name)).toBe(ext));

  it('normalises the server list and builds the accept attribute', () => {
    expect(normaliseFileTypes(['.PDF', ' docx', 'pdf', ''])).toEqual(['pdf', 'docx']);
    expect(acceptAttribute(['pdf', '.png'])).toBe('.pdf,.png');
  });
});
