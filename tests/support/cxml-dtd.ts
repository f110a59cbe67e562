/**
 * Validity of a cXML document against one of the official DTDs kept in ../shared/cxml, with
 * libxml2 (WebAssembly). The document's own DOCTYPE names the DTD by its public URL; that URL is
 * never fetched (libxml2-wasm has no network client and no DTD loading is asked for): the local
 * file is parsed and the document validated against it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DtdValidator, XmlDocument, XmlDtd, XmlValidateError } from 'libxml2-wasm';
import { CXML_DTD_DIR } from './shared-files';

/** The DTD files of ../shared/cxml: the shop's documents declare 1.2.014 (cXML) and 1.2.020 (InvoiceDetail). */
export type CxmlDtdFile = '1.2.014-cXML.dtd' | '1.2.063-cXML.dtd' | '1.2.020-InvoiceDetail.dtd';

const validators = new Map<CxmlDtdFile, DtdValidator>();

function validatorFor(file: CxmlDtdFile): DtdValidator {
  let validator = validators.get(file);
  if (!validator) {
    validator = new DtdValidator(XmlDtd.fromBuffer(readFileSync(resolve(CXML_DTD_DIR, file))));
    validators.set(file, validator);
  }
  return validator;
}

/** The validity errors of `xml` against `file` ('line N: message'); empty when the document is valid. */
export function cxmlDtdErrors(xml: string, file: CxmlDtdFile = '1.2.014-cXML.dtd'): string[] {
  const doc = XmlDocument.fromString(xml);
  try {
    validatorFor(file).validate(doc);
    return [];
  } catch (error) {
    if (!(error instanceof XmlValidateError)) throw error;
    return error.details.map((detail) => `line ${detail.line}: ${detail.message.trim()}`);
  } finally {
    doc.dispose();
  }
}
