export default function SiteStructurePage() { return null; }
