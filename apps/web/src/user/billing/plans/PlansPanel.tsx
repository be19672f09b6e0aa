export default function PlansPanel() {
  return null;
}
