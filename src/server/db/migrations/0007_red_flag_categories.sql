-- "meningitis" became part of the broader "other-acute" category (infant fever, meningitis signs, burns, head injury).
UPDATE "messages" SET "red_flags" = array_replace("red_flags", 'meningitis', 'other-acute') WHERE 'meningitis' = ANY("red_flags");
