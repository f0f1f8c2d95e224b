/** Why a DMARC report mail was refused (the MX answers 550 5.6.0 with it; nothing is stored). */
export class DmarcReportError extends Error {
  override name = "DmarcReportError";
}
