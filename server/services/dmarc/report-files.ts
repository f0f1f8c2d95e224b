// The XML documents a DMARC aggregate report mail carries (RFC 7489 §7.2.1.1):
// attached, or as the whole body, as XML, gzip or zip. Every size is capped
// before the bytes are held: gzip inflates with a ceiling, a zip entry is
// refused when it declares more or inflates past the ceiling (yauzl checks
// the declared size against what comes out), and a zip may hold only a few
// entries. Anything else is a DmarcReportError, which the MX answers 550.
import { gunzipSync } from "node:zlib";
import { simpleParser } from "mailparser";
import yauzl from "yauzl";
import { DmarcReportError } from "./dmarc-report-error";

/** Inflated XML per report, at most. */
export const MAX_REPORT_XML_BYTES = 20 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 8;

type Kind = "xml" | "gzip" | "zip";

function kindOf(contentType: string, filename: string | undefined): Kind | null {
  const name = (filename ?? "").toLowerCase();
  const type = contentType.toLowerCase();
  if (type.includes("zip") && !type.includes("gzip")) return "zip";
  if (name.endsWith(".zip")) return "zip";
  if (type.includes("gzip") || name.endsWith(".gz")) return "gzip";
  if (type.endsWith("/xml") || name.endsWith(".xml")) return "xml";
  return null;
}

function gunzip(content: Buffer): Buffer {
  try {
    return gunzipSync(content, { maxOutputLength: MAX_REPORT_XML_BYTES });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError)
      throw new DmarcReportError(`the gzip file inflates past ${MAX_REPORT_XML_BYTES / 1024 / 1024} MB`);
    throw new DmarcReportError("the gzip file is not valid");
  }
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(new DmarcReportError("the zip file is not valid"));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_REPORT_XML_BYTES) {
          stream.destroy();
          reject(new DmarcReportError(`the zip entry inflates past ${MAX_REPORT_XML_BYTES / 1024 / 1024} MB`));
        } else chunks.push(chunk);
      });
      stream.on("error", () => reject(new DmarcReportError("the zip file is not valid")));
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** The .xml entries of a zip file (a report zip holds one). */
function unzip(content: Buffer): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(content, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) return reject(new DmarcReportError("the zip file is not valid"));
      if (zip.entryCount > MAX_ZIP_ENTRIES) {
        zip.close();
        return reject(new DmarcReportError(`the zip file holds more than ${MAX_ZIP_ENTRIES} files`));
      }
      const documents: Buffer[] = [];
      zip.on("error", () => reject(new DmarcReportError("the zip file is not valid")));
      zip.on("end", () => resolve(documents));
      zip.on("entry", (entry: yauzl.Entry) => {
        if (!entry.fileName.toLowerCase().endsWith(".xml")) return zip.readEntry();
        if (entry.uncompressedSize > MAX_REPORT_XML_BYTES) {
          zip.close();
          return reject(new DmarcReportError(`the zip entry is larger than ${MAX_REPORT_XML_BYTES / 1024 / 1024} MB`));
        }
        readEntry(zip, entry).then((xml) => {
          documents.push(xml);
          zip.readEntry();
        }, reject);
      });
      zip.readEntry();
    });
  });
}

/** The report documents in a mail, each as XML bytes; none is a DmarcReportError. */
export async function reportDocuments(raw: Buffer): Promise<Buffer[]> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const documents: Buffer[] = [];
  for (const attachment of parsed.attachments) {
    const kind = kindOf(attachment.contentType, attachment.filename);
    if (kind === "xml") documents.push(attachment.content);
    else if (kind === "gzip") documents.push(gunzip(attachment.content));
    else if (kind === "zip") documents.push(...(await unzip(attachment.content)));
  }
  if (documents.length === 0) throw new DmarcReportError("no report found: attach it as .xml, .xml.gz or .zip");
  return documents;
}
