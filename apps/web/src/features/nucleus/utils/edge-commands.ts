import type { EdgeOperatingSystem, TEdgePackage } from '@app/contracts/nucleus-edge';

/** The folder a package unpacks to: its file name without the archive's extension. */
export function edgeFolder(fileName: string): string {
  return fileName.replace(/\.(tar\.gz|zip)$/, '');
}

/** The shell a system's commands are written for. */
export function edgeShell(opsys: EdgeOperatingSystem): 'sh' | 'powershell' {
  return opsys === 'windows' ? 'powershell' : 'sh';
}

/** Checking the downloaded archive against the SHA-256 the page shows. */
export function verifyCommands(edgePackage: Pick<TEdgePackage, 'opsys' | 'fileName'>): string {
  const { opsys, fileName } = edgePackage;
  switch (opsys) {
    case 'linux':
      return `sha256sum ${fileName}`;
    case 'macos':
      return `shasum -a 256 ${fileName}`;
    case 'windows':
      return `Get-FileHash .\\${fileName} -Algorithm SHA256`;
  }
}

/** Unpacking, checking the files inside, and a first synthesis (the package README's commands). */
export function runCommands(edgePackage: Pick<TEdgePackage, 'opsys' | 'fileName'>): string {
  const { opsys, fileName } = edgePackage;
  const folder = edgeFolder(fileName);
  const synthesize =
    'synthesize --algorithm bayesian-network --rows 1000 --seed 1 --format csv customers.csv > synthetic.csv';
  if (opsys === 'windows') {
    return [
      `Expand-Archive .\\${fileName} -DestinationPath .`,
      `cd ${folder}`,
      '.\\sinteza.cmd algorithms',
      `.\\sinteza.cmd ${synthesize}`,
    ].join('\n');
  }
  const checkSums = opsys === 'macos' ? 'shasum -a 256 -c SHA256SUMS' : 'sha256sum -c SHA256SUMS';
  return [
    `tar -xzf ${fileName}`,
    `cd ${folder}`,
    checkSums,
    './sinteza algorithms',
    `./sinteza ${synthesize}`,
  ].join('\n');
}

/** A synthesis that reports its usage (no data) with the edge token. */
export function reportUsageCommand(options: {
  opsys: EdgeOperatingSystem;
  usageUrl: string;
  token: string;
}): string {
  const launcher = options.opsys === 'windows' ? '.\\sinteza.cmd' : './sinteza';
  return `${launcher} synthesize --algorithm bayesian-network --rows 1000 --format csv customers.csv --report-usage ${options.usageUrl} --token ${options.token} > synthetic.csv`;
}
