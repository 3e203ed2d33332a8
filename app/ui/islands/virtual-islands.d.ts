declare module "virtual:islands" {
  const manifest: Record<string, { entry: string; imports: string[] }>;
  export default manifest;
}
