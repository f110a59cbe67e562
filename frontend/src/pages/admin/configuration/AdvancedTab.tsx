import { Textarea } from '@chakra-ui/react';
import {
  BUYER_SYSTEMS,
  PRICING_RULES_EXAMPLE,
  RETURN_FIELDS,
  type BuyerSystem,
  type ReturnField,
} from '#domain/punchout/configuration';
import { FormField } from '../../../components/form/FormField';
import { LabelledSelect } from '../../../components/form/LabelledSelect';
import { ConfigurationText, SwitchField } from './ConfigurationParts';
import type { ConfigurationForm } from './useConfigurationForm';

/** The Advanced tab: the buyer system, its URLs and return field, what the catalogue offers, and the pricing rules. */
export function AdvancedTab({ config }: { config: ConfigurationForm }) {
  const { idPrefix, form } = config;
  return (
    <>
      <LabelledSelect
        label="Buyer system"
        field={{ id: `${idPrefix}-buyerSystem`, name: 'buyerSystem', error: form.errors.buyerSystem }}
        value={form.values.buyerSystem}
        onChange={(value) => config.chooseBuyerSystem(value as BuyerSystem)}
        options={BUYER_SYSTEMS.map((system) => ({ value: system, label: system }))}
      />
      <ConfigurationText config={config} field="catalogUrl" label="Catalog URL" url />
      <ConfigurationText config={config} field="punchoutUrl" label="Punch-out URL" url />
      <ConfigurationText
        config={config}
        field="invoiceUrl"
        label="Invoice URL"
        url
        helperText="Where cXML invoices are posted; leave empty to send none."
      />
      <LabelledSelect
        label="Return field"
        field={{ id: `${idPrefix}-returnField`, name: 'returnField', error: form.errors.returnField }}
        value={form.values.returnField}
        onChange={(value) => form.set('returnField', value as ReturnField)}
        options={RETURN_FIELDS.map((field) => ({ value: field, label: field }))}
      />
      <SwitchField
        name="attributeLines"
        label="Attribute lines"
        checked={form.values.attributeLines}
        onChange={(checked) => form.set('attributeLines', checked)}
      />
      <SwitchField
        name="allowBackorders"
        label="Allow Back Orders"
        checked={form.values.allowBackorders}
        onChange={(checked) => form.set('allowBackorders', checked)}
      />
      <SwitchField
        name="defaultAvailability"
        label="Default Availability"
        checked={form.values.defaultAvailability}
        onChange={(checked) => form.set('defaultAvailability', checked)}
      />
      <FormField
        id={`${idPrefix}-pricingRules`}
        name="pricingRules"
        label="Pricing Rules (JSON)"
        error={form.errors.pricingRules}
        helperText={`A JSON object of discount and markup factors (0.1 is 10%), optionally per product: ${PRICING_RULES_EXAMPLE}. Empty means retail price.`}
      >
        {(control) => (
          <Textarea
            {...control}
            fontFamily="mono"
            rows={5}
            spellCheck={false}
            value={form.values.pricingRules}
            onChange={(event) => form.set('pricingRules', event.target.value)}
          />
        )}
      </FormField>
    </>
  );
}
