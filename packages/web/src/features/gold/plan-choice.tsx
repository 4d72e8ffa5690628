/** The Gold plans to choose from, with their prices (spec §9: dollars with two decimals). */
import type { Product } from '@platter/contract';
import { planPrice, yearlySaving } from './gold-terms';

interface PlanChoiceProps {
  plans: readonly Product[];
  chosen: string;
  onChoose: (id: string) => void;
}

export function PlanChoice({ plans, chosen, onChoose }: PlanChoiceProps) {
  const saving = yearlySaving(plans);
  return (
    <fieldset className="gold-plans">
      <legend className="field__label">Your plan</legend>
      {plans.map((plan) => (
        <label key={plan.id} className={`gold-plan${plan.id === chosen ? ' is-chosen' : ''}`}>
          <input
            type="radio"
            name="gold-plan"
            value={plan.id}
            checked={plan.id === chosen}
            onChange={() => onChoose(plan.id)}
          />
          <span className="gold-plan__name">{plan.interval === 'year' ? 'Yearly' : 'Monthly'}</span>
          <span className="gold-plan__price">{planPrice(plan)}</span>
          {plan.interval === 'year' && saving > 0 && <span className="gold-plan__saving">Save {saving}%</span>}
        </label>
      ))}
    </fieldset>
  );
}
