export default function InvoicesPanel() {
  return null;
}
