import { z } from 'zod';

/**
 * Nucleus edge packages (spec 001 §7: `edge/packages`, `edge/package?opsys&version`,
 * `edge/token/refresh`): the engine's command line for a customer's own machine, so the data
 * never leaves it, and the token it reports its usage with.
 */

export const EDGE_OPERATING_SYSTEMS = ['linux', 'macos', 'windows'] as const;
export type EdgeOperatingSystem = (typeof EDGE_OPERATING_SYSTEMS)[number];
/** The edge command line's version: the one version the platform builds and lists. */
export const EDGE_VERSION = '1.0.0';
/** Where an edge command line reports its usage, below PUBLIC_URL. */
export const EDGE_USAGE_PATH = '/v1/sinteza/edge/usage';

export const ZEdgePackage = z.object({
  opsys: z.enum(EDGE_OPERATING_SYSTEMS),
  version: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  /** The archive's SHA-256, hex. */
  sha256: z.string(),
});
export type TEdgePackage = z.infer<typeof ZEdgePackage>;
export const ZEdgePackagesResponse = z.array(ZEdgePackage);

/** Any text: an unknown system or version is a 404 that names the ones there are. */
export const ZEdgePackageQuery = z.object({
  opsys: z.string().min(1).max(40),
  /** The latest when left out. */
  version: z.string().min(1).max(40).optional(),
});
export const ZEdgePackageResponse = ZEdgePackage.extend({
  /** Where to GET the archive; it expires. */
  signedUrl: z.string(),
  expiresAt: z.string(),
});
export type TEdgePackageResponse = z.infer<typeof ZEdgePackageResponse>;

export const ZEdgeTokenResponse = z.object({
  /** Shown once: only its hash is kept. A new one replaces the old at once. */
  token: z.string(),
  /** The address the command line's `--report-usage` takes. */
  usageUrl: z.string(),
  createdAt: z.string(),
});
export type TEdgeTokenResponse = z.infer<typeof ZEdgeTokenResponse>;

export const ZEdgeUsageQuery = z.object({ token: z.string().max(200).optional() });
/** What one command of the edge command line did: no data, only its size. */
export const ZEdgeUsageReport = z.object({
  command: z.enum(['synthesize', 'synthesize-relational']),
  algorithm: z.string().min(1).max(50),
  rows: z.number().int().min(0).max(1_000_000_000),
  durationMs: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3_600_000),
  version: z.string().min(1).max(40),
  /** The command line's own id of the report: a report sent again (its answer lost) counts once. */
  reportId: z.uuid().optional(),
});
export type TEdgeUsageReport = z.infer<typeof ZEdgeUsageReport>;
export const ZEdgeUsageResponse = z.object({ recorded: z.literal(true), rows: z.number().int() });
