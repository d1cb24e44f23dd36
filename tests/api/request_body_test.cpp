#include "mm/api/request_body.hpp"

#include <gtest/gtest.h>

#include <array>

#include "mm/core/error.hpp"

namespace mm::api {
namespace {

constexpr std::array kFields = {Field{"think_seconds", FieldType::number}, Field{"body", FieldType::object}};

TEST(RequestBody, ReadsNumbersAndObjects) {
  const RequestBody body(R"({"think_seconds": 0.5, "body": {"code": "1122"}})", kFields);
  EXPECT_DOUBLE_EQ(*body.real("think_seconds"), 0.5);
  EXPECT_EQ(body.object("body")->at("code"), "1122");
  EXPECT_DOUBLE_EQ(*RequestBody(R"({"think_seconds": 3})", kFields).real("think_seconds"), 3.0);
  EXPECT_FALSE(RequestBody("{}", kFields).object("body"));
}

TEST(RequestBody, RefusesANumberOrObjectOfAnotherType) {
  EXPECT_THROW(RequestBody(R"({"think_seconds": "3"})", kFields), InputError);
  EXPECT_THROW(RequestBody(R"({"body": [1]})", kFields), InputError);
  EXPECT_THROW(RequestBody(R"({"body": "{}"})", kFields), InputError);
}

}  // namespace
}  // namespace mm::api
