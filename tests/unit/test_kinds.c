/* test_kinds.c: the ability-kind table (trains_ability.c). Whether the engine
 * and the checker agree on every kind's moves, under every rule, is the
 * property test in test_legality.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "trains_ability.h"

/* The table: every kind named, parsed back, and a hint for each kind with choices. */
static void test_kind_table(void **state)
{
	(void)state;
	for (int k = 0; k < AK_COUNT; k++) {
		const struct ability_kind_info *info = ability_kind_info((enum ability_kind)k);
		assert_non_null(info->name);
		assert_int_equal(ability_kind_parse(info->name), k);
		assert_true(!info->choose == !info->on_hint);
		assert_true(!info->grid_only || k != AK_SWAP);
	}
	assert_int_equal(ability_kind_parse("swapp"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kind_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
